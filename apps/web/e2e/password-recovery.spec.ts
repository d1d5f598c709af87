import { expect, fillLogin, MAP_URL, test, typeCode } from "./support/fixtures";
import { readCode, readMailbox } from "./support/mailbox";

test("A player recovers a forgotten password", async ({ page, request, existingPlayer }) => {
  const newPassword = `${existingPlayer.password}-renewed`;

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot Password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole("heading", { name: "Forgot Password" })).toBeVisible();

  const before = (await readMailbox(request, existingPlayer.email)).length;
  await page.getByLabel("Email").fill(existingPlayer.email);
  await page.getByRole("button", { name: "Submit" }).click();

  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  await expect(
    page.getByText(
      `If an account exists with ${existingPlayer.email}, you will receive password reset instructions.`,
    ),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Verify Your Email" })).toBeVisible();

  // Too short a code is caught before anything is sent.
  await page.getByLabel("Digit 1").fill("1");
  await page.getByRole("button", { name: "Verify OTP" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please enter a 4-digit OTP.");

  await typeCode(page, await readCode(request, existingPlayer.email, { after: before }));
  await page.getByRole("button", { name: "Verify OTP" }).click();

  await expect(page).toHaveURL(/\/reset-password\?email=.+&token=.+/);
  await page.getByLabel("New Password").fill(newPassword);
  await page.getByLabel("Confirm Password").fill(`${newPassword}x`);
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByRole("alert")).toHaveText("Passwords do not match.");

  await page.getByLabel("Confirm Password").fill(newPassword);
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByRole("heading", { name: "Password Reset Successful" })).toBeVisible();

  await page.getByRole("link", { name: "Back to Login" }).click();
  await expect(page).toHaveURL(/\/login$/);

  await fillLogin(page, existingPlayer.email, existingPlayer.password);
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password.");

  await fillLogin(page, existingPlayer.email, newPassword);
  await expect(page).toHaveURL(MAP_URL);
});
