import { expect, MAP_URL, test, typeCode } from "./support/fixtures";
import { readCode, readMailbox } from "./support/mailbox";
import { newUser } from "./support/users";

test("A player whose username is taken picks another without a new code", async ({
  page,
  request,
  existingPlayer,
}) => {
  const player = { ...newUser("taken"), userName: existingPlayer.userName };
  await page.goto("/signup");
  await page.getByLabel("Full Name").fill(player.fullName);
  await page.getByLabel("Username").fill(player.userName);
  await page.getByLabel("Email", { exact: true }).fill(player.email);
  await page.getByLabel("Password", { exact: true }).fill(player.password);
  await page.getByLabel("Confirm Password").fill(player.password);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();

  await typeCode(page, await readCode(request, player.email));
  await page.getByRole("button", { name: "Verify", exact: true }).click();

  // Back on the form, with the server's reason; the details are kept.
  await expect(page.getByRole("heading", { name: "Create Account" })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText("This username is already taken.");
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(player.email);

  await page.getByLabel("Username").fill(`${player.userName}2`);
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
  await expect(page).toHaveURL(MAP_URL);
  expect(await readMailbox(request, player.email)).toHaveLength(1);
});
