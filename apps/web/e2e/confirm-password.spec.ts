import type { Request } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { EXPIRY_YEAR, tokenOf } from "./support/market";
import { screenshotsTo } from "./support/shots";
import { newUser } from "./support/users";

const shoot = screenshotsTo("PROOF_SHOTS_DIR");

const ADD_PAYOUT_CARD = "**/api/v1/users/stripe/external/account/details/v1";
const PROOF_MESSAGE =
  "For your security, please confirm your current password to make this change (or sign out and sign in again).";

test("A player asked to confirm their password before adding a payout card does so in a dialog", async ({
  page,
  request,
  signUp,
}) => {
  const player = newUser("proof");
  await signUp(player);
  // Payouts connected through the sandbox's onboarding page.
  const onboarding = await request.get("/api/v1/users/stripe/onboarding", {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
  });
  const link = ((await onboarding.json()) as { data: { redirectLink: string | null } }).data.redirectLink;
  if (link) {
    await page.goto(link);
    await page.locator("form").getByRole("button").first().click();
    await expect(page).toHaveURL(/\/assets\?status=1$/);
  }

  // The sign-in is fresh, so the server would not ask: here it is made to, as it does for an old session. A
  // request that carries the password goes through to the server, which checks it.
  const sent: Request[] = [];
  await page.route(ADD_PAYOUT_CARD, async (route) => {
    const body = route.request().postDataJSON() as Record<string, unknown>;
    if (body.currentPassword === undefined) {
      await route.fulfill({
        status: 403,
        json: { statusCode: 403, message: PROOF_MESSAGE, code: "PROOF_REQUIRED" },
      });
      return;
    }
    sent.push(route.request());
    await route.continue();
  });

  await page.goto("/Add-payout-card");
  const fill = async () => {
    await page.getByLabel("Cardholder name").fill("Ada Lovelace");
    await page.getByLabel("Debit card number").fill("");
    await page.getByLabel("Debit card number").pressSequentially("4000056655665556");
    await page.getByLabel("Expiry (MM / YY)").fill("");
    await page
      .getByLabel("Expiry (MM / YY)")
      .pressSequentially(`12${String(EXPIRY_YEAR % 100).padStart(2, "0")}`);
    await page.getByLabel("CVC").fill("");
    await page.getByLabel("CVC").pressSequentially("123");
  };
  await fill();
  await page.getByRole("button", { name: "Add Card" }).click();

  const dialog = page.getByRole("dialog", { name: "Confirm it's you" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(PROOF_MESSAGE);
  await expect(dialog.getByLabel("Current password")).toBeFocused();
  await shoot(page, "confirm-password-dialog");
  // A wrong password: the server says so, and no card is added.
  await dialog.getByLabel("Current password").fill("not my password");
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("alert")).toHaveText("Your current password is incorrect.");

  await fill();
  await page.getByRole("button", { name: "Add Card" }).click();
  await dialog.getByLabel("Current password").fill(player.password);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(/\/withdrawal-methods$/);
  await expect(page.getByRole("radio", { name: "Select VISA •••• 5556" })).toBeChecked();
  expect(sent.map((r) => (r.postDataJSON() as { currentPassword: string }).currentPassword)).toEqual([
    "not my password",
    player.password,
  ]);
});
