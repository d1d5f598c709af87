import { expect, fillLogin, test } from "./support/fixtures";

test("A wrong password shows the server's message", async ({ page, existingPlayer }) => {
  await fillLogin(page, existingPlayer.email, `${existingPlayer.password}-wrong`);

  await expect(page.getByRole("alert")).toHaveText("Invalid email or password.");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("button", { name: "Login", exact: true })).toBeEnabled();
});
