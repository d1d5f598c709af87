import { expect, fillLogin, MAP_URL, test } from "./support/fixtures";
import { newUser } from "./support/users";

test("A new player signs up, signs out and signs back in", async ({ page, signUp }) => {
  const player = newUser("newbie");

  await signUp(player);
  // Signed in: the session is stored and / sent the player on to the map page.
  await expect(page).toHaveURL(MAP_URL);
  expect(
    await page.evaluate(() => Boolean(localStorage.getItem("token") && localStorage.getItem("userId"))),
  ).toBe(true);

  await page.goto("/profile");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(player.fullName)).toBeVisible();
  // The property total, and beside it the earnings and the offer-wall credits, all nothing yet.
  await expect(page.getByRole("definition")).toHaveText(["$0.00", "$0.00", "$0.00"]);
  await expect(page.getByRole("term")).toHaveText([
    "Total property value",
    "Earnings to withdraw",
    "Credits",
  ]);
  await expect(page.getByRole("link", { name: "Map" })).toHaveAttribute("href", "/map");

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();

  await fillLogin(page, player.email, player.password);
  await expect(page).toHaveURL(MAP_URL);
});
