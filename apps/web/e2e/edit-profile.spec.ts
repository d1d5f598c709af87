import { expect, test } from "./support/fixtures";

test("A player edits the profile", async ({ page, logIn, existingPlayer }) => {
  await logIn(existingPlayer);
  await page.goto("/Account-settings");

  const fullName = page.getByLabel("Full Name");
  const userName = page.getByLabel("Username");
  const colour = page.getByLabel("Owned Properties Color");
  await expect(fullName).toHaveValue(existingPlayer.fullName);
  await expect(userName).toHaveValue(existingPlayer.userName);
  await expect(page.getByLabel("Email")).toHaveValue(existingPlayer.email);
  await expect(colour).toHaveValue("#ffffff");

  const renamed = { fullName: "Grace Hopper", userName: `${existingPlayer.userName}_x`, colour: "#ff8800" };
  await fullName.fill(renamed.fullName);
  await userName.fill(renamed.userName);
  await colour.fill(renamed.colour);
  await page.getByRole("button", { name: "Update Profile" }).click();
  await expect(page.getByRole("status").filter({ hasText: /updated/i })).toBeVisible();

  await page.reload();
  await expect(page.getByLabel("Full Name")).toHaveValue(renamed.fullName);
  await expect(page.getByLabel("Username")).toHaveValue(renamed.userName);
  await expect(page.getByLabel("Owned Properties Color")).toHaveValue(renamed.colour);

  await page.getByRole("link", { name: "Back to profile" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText(renamed.fullName)).toBeVisible();
});
