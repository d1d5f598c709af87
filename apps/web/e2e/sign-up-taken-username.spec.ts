import { expect, MAP_URL, test, typeCode } from "./support/fixtures";
import { readCode, readMailbox } from "./support/mailbox";
import { screenshotsTo } from "./support/shots";
import { newUser } from "./support/users";

const shoot = screenshotsTo("SIGN_UP_SHOTS_DIR");

test("A player whose username is taken is told at once, before any code is sent, and picks another", async ({
  page,
  request,
  existingPlayer,
}) => {
  const player = { ...newUser("taken"), userName: existingPlayer.userName };
  await page.goto("/signup");
  await page.getByLabel("Full Name").fill(player.fullName);
  // Names compare without case.
  await page.getByLabel("Username").fill(player.userName.toUpperCase());
  const taken = page.getByRole("alert").filter({ hasText: "This username is already taken." });
  await expect(taken.first()).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(player.email);
  await page.getByLabel("Password", { exact: true }).fill(player.password);
  await page.getByLabel("Confirm Password").fill(player.password);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();

  // Still on the form: no code was sent.
  await expect(page.getByRole("heading", { name: "Create Account" })).toBeVisible();
  await expect(taken.first()).toBeVisible();
  await shoot(page, "sign-up-username-taken");
  expect(await readMailbox(request, player.email)).toHaveLength(0);

  await page.getByLabel("Username").fill(`${player.userName}2`);
  await expect(taken).toHaveCount(0);
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
  await typeCode(page, await readCode(request, player.email));
  await page.getByRole("button", { name: "Verify", exact: true }).click();
  await expect(page).toHaveURL(MAP_URL);
  expect(await readMailbox(request, player.email)).toHaveLength(1);
});
