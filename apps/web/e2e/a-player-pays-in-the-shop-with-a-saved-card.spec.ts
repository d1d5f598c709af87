import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { readMailbox } from "./support/mailbox";
import { authHeaders, EXPIRY_YEAR } from "./support/market";

/** Screenshots of each width's story, when SAVED_CARD_SHOTS_DIR names a folder (e.g. /tmp/saved-card-shots). */
async function shot(page: Page, name: string): Promise<void> {
  const folder = process.env.SAVED_CARD_SHOTS_DIR;
  if (!folder) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${folder}/${name}-${page.viewportSize()?.width}.png`, fullPage: true });
}

/** Tokenises a test card with the sandbox and saves it to the signed-in player's cards. */
async function saveCard(page: Page, request: APIRequestContext, number: string, isDefault: boolean) {
  const tokenised = await request.post("/api/v1/sandbox/tokens", {
    data: { number, expMonth: 12, expYear: EXPIRY_YEAR, cvc: "123", name: "Ada Lovelace" },
  });
  expect(tokenised.ok(), `sandbox token answered ${tokenised.status()}`).toBe(true);
  const { data: token } = (await tokenised.json()) as {
    data: { id: string; card: { brand: string; last4: string } };
  };
  const saved = await request.post("/api/v1/users/create/payment/method", {
    headers: await authHeaders(page),
    data: { token: token.id, last4: token.card.last4, brand: token.card.brand, isDefault },
  });
  expect(saved.ok(), `create payment method answered ${saved.status()}`).toBe(true);
}

async function expectNoSideways(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });
    test.setTimeout(120_000);

    test(`A player with saved cards pays in the shop with their default card, or may choose a new one (${viewport.width} px)`, async ({
      page,
      request,
      existingPlayer,
      logIn,
    }) => {
      await logIn(existingPlayer);
      // The Visa is the default; the Mastercard, saved after it, is not.
      await saveCard(page, request, "4242424242424242", true);
      await saveCard(page, request, "5555555555554444", false);

      await page.goto("/product/1");
      await page.getByRole("button", { name: "Add to Cart" }).click();
      await page.getByRole("link", { name: "Cart, 1 item" }).click();
      await expect(page.getByLabel("Email")).toHaveValue(existingPlayer.email);
      await page.getByRole("button", { name: "Pay Now" }).click();

      // The saved cards come first, the default chosen, labelled as on the review screens; a new card beside them.
      await expect(page.getByRole("heading", { level: 1, name: "Payment" })).toBeVisible();
      const payWith = page.getByRole("group", { name: "Pay with" });
      await expect(payWith.getByRole("radio")).toHaveCount(3);
      const visa = payWith.getByRole("radio", { name: /^VISA •••• 4242 · Default/ });
      const mastercard = payWith.getByRole("radio", { name: /^MASTERCARD •••• 4444/ });
      const newCard = payWith.getByRole("radio", { name: "Use a new card" });
      await expect(visa).toBeChecked();
      await expect(payWith.getByText(`Exp 12/${EXPIRY_YEAR} · Ada Lovelace`).first()).toBeVisible();
      await expect(page.getByLabel("Card number")).toHaveCount(0);
      await expectNoSideways(page);

      // By keyboard: the arrow keys move through the choices; a new card opens the card fields.
      await visa.focus();
      await page.keyboard.press("ArrowDown");
      await expect(mastercard).toBeChecked();
      await expect(mastercard).toBeFocused();
      await page.keyboard.press("ArrowDown");
      await expect(newCard).toBeChecked();
      await expect(page.getByLabel("Card number")).toBeVisible();
      await expect(page.getByLabel("Name on card")).toBeVisible();
      await expectNoSideways(page);
      await shot(page, "new-card");
      await page.keyboard.press("ArrowUp");
      await page.keyboard.press("ArrowUp");
      await expect(visa).toBeChecked();
      await expect(page.getByLabel("Card number")).toHaveCount(0);

      // Where it goes: Albany, New York (the sandbox's New York rate is 4%).
      await page.getByLabel("Full name").fill("Ada Lovelace");
      await page.getByLabel("Address", { exact: true }).fill("1 State Street");
      await page.getByLabel("City").fill("Albany");
      await page.getByLabel("State").selectOption("NY");
      await page.getByLabel("ZIP code").fill("12207");
      await expect(page.getByTestId("payment-tax")).toHaveText("$4.00");
      await expect(page.getByTestId("payment-total")).toHaveText("$109.00");
      await expectNoSideways(page);
      await shot(page, "saved-cards");

      await page.getByRole("button", { name: "Pay $109.00" }).click();

      // The same return page, order and e-mail as a new card's.
      await expect(page).toHaveURL(/\/return\?session_id=cs_test_/);
      await expect(page.getByRole("heading", { name: "Thank you for your purchase!" })).toBeVisible();
      await expect(
        page.getByText(`A confirmation email will be sent to ${existingPlayer.email}.`),
      ).toBeVisible();
      await expect(page.getByRole("link", { name: "Cart, 0 items" })).toBeVisible();
      await shot(page, "paid");
      const confirmations = async () =>
        (await readMailbox(request, existingPlayer.email)).filter((mail) =>
          mail.text.includes("Thank you for your purchase!"),
        );
      await expect.poll(async () => (await confirmations()).length).toBe(1);
      const [mail] = await confirmations();
      expect(mail?.text).toContain("1 × Snapback Cap");
      expect(mail?.text).toContain("Total charged: $109.00");
      expect(mail?.text).toContain(
        "Ship to: Ada Lovelace, 1 State Street, Albany, NY 12207 (Standard shipping)",
      );
    });
  });
}
