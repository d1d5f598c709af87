import { expect, test, typeCode } from "./support/fixtures";
import { readCode } from "./support/mailbox";
import { newUser } from "./support/users";

test("A wrong code and a resend asked too soon show the server's messages", async ({ page, request }) => {
  const player = newUser("code");
  await page.goto("/signup");
  await page.getByLabel("Full Name").fill(player.fullName);
  await page.getByLabel("Username").fill(player.userName);
  await page.getByLabel("Email", { exact: true }).fill(player.email);
  await page.getByLabel("Password", { exact: true }).fill(player.password);
  await page.getByLabel("Confirm Password").fill(player.password);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();

  await expect(page.getByRole("heading", { name: "Verify Your Email" })).toBeVisible();
  await expect(page.getByText("We've sent a verification code to your email")).toBeVisible();
  await expect(page.getByLabel("Digit 1")).toBeFocused();

  const code = await readCode(request, player.email);
  const wrongCode = String((Number(code) + 1) % 10_000).padStart(4, "0");
  await typeCode(page, wrongCode);
  await expect(page.getByLabel("Digit 4")).toHaveValue(wrongCode.charAt(3));
  await page.getByRole("button", { name: "Verify", exact: true }).click();
  await expect(page.getByRole("alert")).not.toBeEmpty();
  await expect(page).toHaveURL(/\/signup$/);

  // Backspace on an empty box goes back to the one before.
  await page.getByLabel("Digit 4").fill("");
  await page.getByLabel("Digit 4").press("Backspace");
  await expect(page.getByLabel("Digit 3")).toBeFocused();

  await page.getByRole("button", { name: "Resend" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    /^Please wait \d+ seconds before requesting another code\.$/,
  );
});
