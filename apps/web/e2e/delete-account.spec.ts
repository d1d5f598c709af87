import { expect, fillLogin, test } from "./support/fixtures";
import { collectAlerts } from "./support/market";

test("A player deletes the account and can no longer sign in", async ({ page, logIn, existingPlayer }) => {
  await logIn(existingPlayer);
  await page.goto("/Account-settings");

  const deleteButton = page.getByRole("button", { name: "Delete Account" });
  await deleteButton.click();
  const dialog = page.getByRole("dialog", { name: "Confirm Deletion" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Are you sure you want to delete your account? This cannot be undone.");

  // Escape closes the dialog and gives the focus back to the button that opened it.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(deleteButton).toBeFocused();

  await deleteButton.click();
  const alerts = collectAlerts(page);
  await dialog.getByRole("button", { name: "Yes, delete" }).click();

  // The server's message, in an in-app alert dialog over the login screen.
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => alerts).toHaveLength(1);
  expect(alerts[0]?.length).toBeGreaterThan(0);
  expect(alerts[0]).not.toMatch(/^window\./);
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();

  await fillLogin(page, existingPlayer.email, existingPlayer.password);
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password.");
});
