import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

/** A card that has not expired: December, three years from now. */
const EXPIRY_YEAR = new Date().getFullYear() + 3;
const EXPIRY = `12${String(EXPIRY_YEAR % 100).padStart(2, "0")}`;

async function openPaymentMethods(page: Page): Promise<void> {
  await page.goto("/profile");
  await page.getByRole("link", { name: "Payment Methods" }).click();
  await expect(page).toHaveURL(/\/payment-methods$/);
  await expect(page.getByRole("heading", { level: 1, name: "Payment Methods" })).toBeVisible();
}

/** Fills the Add Card form key by key, as a player types (the number is formatted as it goes). */
async function fillCard(page: Page, number: string, { expiry = EXPIRY, cvc = "123" } = {}): Promise<void> {
  await expect(page.getByRole("heading", { level: 1, name: "Add Card" })).toBeVisible();
  await page.getByLabel("Cardholder name").fill("  Ada Lovelace  ");
  await page.getByLabel("Card number").pressSequentially(number);
  await page.getByLabel("Expiry (MM / YY)").pressSequentially(expiry);
  await page.getByLabel("CVC").pressSequentially(cvc);
}

function cardRow(page: Page, label: string) {
  return page.getByRole("listitem").filter({ has: page.getByRole("radio", { name: `Select ${label}` }) });
}

test("A player adds the 4242 card, sees it listed as VISA •••• 4242, adds a second card, makes it the default, deletes the first", async ({
  page,
  logIn,
  existingPlayer,
}) => {
  await logIn(existingPlayer);
  await openPaymentMethods(page);
  await expect(page).toHaveTitle(/Payment Methods/);

  // The first card.
  await page.getByRole("link", { name: "Add Card" }).click();
  await expect(page).toHaveURL(/\/Add-Card$/);
  await expect(page).toHaveTitle(/Add Card/);
  await fillCard(page, "4242424242424242");
  await expect(page.getByLabel("Card number")).toHaveValue("4242 4242 4242 4242");
  await expect(page.getByLabel("Expiry (MM / YY)")).toHaveValue(`12 / ${EXPIRY.slice(2)}`);
  await expect(page.getByText("VISA", { exact: true })).toBeVisible();
  await expect(page.getByText("Card brand: VISA")).toBeAttached();
  await page.getByRole("button", { name: "Add Card" }).click();

  // Back on the list it came from.
  await expect(page).toHaveURL(/\/payment-methods$/);
  const visa = cardRow(page, "VISA •••• 4242");
  await expect(visa).toBeVisible();
  await expect(visa.getByText("VISA •••• 4242")).toBeVisible();
  await expect(visa.getByText(`Exp 12/${EXPIRY_YEAR}`)).toBeVisible();
  await expect(visa.getByText("Ada Lovelace", { exact: true })).toBeVisible();
  await expect(visa.getByText("Default", { exact: true })).toBeVisible();

  // The second card: a new card becomes the default.
  await page.getByRole("link", { name: "Add Card" }).click();
  await fillCard(page, "5555 5555 5555 4444");
  await page.getByRole("button", { name: "Add Card" }).click();
  await expect(page).toHaveURL(/\/payment-methods$/);
  const mastercard = cardRow(page, "MASTERCARD •••• 4444");
  await expect(mastercard.getByText("MASTERCARD •••• 4444")).toBeVisible();
  await expect(mastercard.getByText("Default", { exact: true })).toBeVisible();
  await expect(visa.getByText("Default", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("listitem")).toHaveCount(2);

  // Set as Default waits for a tick; exactly one card is the default afterwards.
  const setAsDefault = page.getByRole("button", { name: "Set as Default" });
  await expect(setAsDefault).toBeDisabled();
  await page.getByRole("radio", { name: "Select VISA •••• 4242" }).check();
  await setAsDefault.click();
  await expect(visa.getByText("Default", { exact: true })).toBeVisible();
  await expect(mastercard.getByText("Default", { exact: true })).toHaveCount(0);

  await page.getByRole("radio", { name: "Select MASTERCARD •••• 4444" }).check();
  await expect(page.getByRole("radio", { name: "Select VISA •••• 4242" })).not.toBeChecked();
  await setAsDefault.click();
  await expect(mastercard.getByText("Default", { exact: true })).toBeVisible();
  await expect(visa.getByText("Default", { exact: true })).toHaveCount(0);
  await expect(page.getByText("MASTERCARD •••• 4444 is now your default card.")).toBeVisible();

  // The list the server keeps agrees after a reload.
  await page.reload();
  await expect(mastercard.getByText("Default", { exact: true })).toBeVisible();
  await expect(visa.getByText("Default", { exact: true })).toHaveCount(0);

  // Delete the first card: ticked, asked, gone, and the tick goes with it.
  await page.getByRole("radio", { name: "Select VISA •••• 4242" }).check();
  await page.getByRole("button", { name: "Delete VISA •••• 4242" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete card" });
  await expect(dialog).toContainText("VISA •••• 4242 will be removed");
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(visa).toHaveCount(0);
  await expect(page.getByRole("listitem")).toHaveCount(1);
  await expect(mastercard.getByText("Default", { exact: true })).toBeVisible();
  await expect(setAsDefault).toBeDisabled();

  await page.reload();
  await expect(page.getByRole("listitem")).toHaveCount(1);
  await expect(page.getByText("VISA •••• 4242")).toHaveCount(0);
});

test("A declined card shows the processor's message", async ({ page, logIn, existingPlayer }) => {
  await logIn(existingPlayer);
  await page.goto("/Add-Card");
  await fillCard(page, "4000000000000002");
  await page.getByRole("button", { name: "Add Card" }).click();

  await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
  await expect(page).toHaveURL(/\/Add-Card$/);
  await expect(page.getByRole("button", { name: "Add Card" })).toBeEnabled();

  await page.goto("/Payment-Methods");
  await expect(page.getByText("No Card Added yet")).toBeVisible();
});

test("A card number that fails the checksum is refused before anything is sent", async ({
  page,
  logIn,
  existingPlayer,
}) => {
  await logIn(existingPlayer);
  const cardCalls: string[] = [];
  page.on("request", (request) => {
    if (/\/api\/v1\/(sandbox\/tokens|users\/create\/payment\/method)/.test(request.url())) {
      cardCalls.push(request.url());
    }
  });

  await page.goto("/Add-Card");
  await fillCard(page, "4242424242424241");
  // Shown as soon as the number is complete, as Stripe's field does.
  await expect(page.getByRole("alert")).toHaveText("Your card number is invalid.");
  await page.getByRole("button", { name: "Add Card" }).click();
  await expect(page.getByRole("alert")).toHaveText("Your card number is invalid.");
  await expect(page.getByLabel("Card number")).toBeFocused();
  await expect(page.getByLabel("Card number")).toHaveAttribute("aria-invalid", "true");

  // A missing name is caught the same way.
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Cardholder name").fill("   ");
  await page.getByRole("button", { name: "Add Card" }).click();
  await expect(page.getByRole("alert")).toHaveText("Enter the cardholder name as it appears on the card.");

  // An expired card too.
  await page.getByLabel("Cardholder name").fill("Ada Lovelace");
  await page.getByLabel("Expiry (MM / YY)").fill("");
  await page.getByLabel("Expiry (MM / YY)").pressSequentially("0120");
  await page.getByRole("button", { name: "Add Card" }).click();
  await expect(page.getByRole("alert")).toHaveText("Your card's expiration year is in the past.");

  await expect(page).toHaveURL(/\/Add-Card$/);
  expect(cardCalls).toEqual([]);
});

test("A player with no card sees 'No Card Added yet'", async ({ page, logIn, existingPlayer }) => {
  await logIn(existingPlayer);
  await openPaymentMethods(page);
  await expect(page.getByText("No Card Added yet")).toBeVisible();
  await expect(page.getByRole("radio")).toHaveCount(0);

  // The route table's spelling shows the same screen.
  await page.goto("/Payment-Methods");
  await expect(page.getByText("No Card Added yet")).toBeVisible();

  await page.getByRole("link", { name: "Back to profile" }).click();
  await expect(page).toHaveURL(/\/profile$/);
});
