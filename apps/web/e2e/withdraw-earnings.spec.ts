import type { APIRequestContext, Page } from "@playwright/test";
import { createAccount } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { buyBuilding, collectAlerts, dollars, EXPIRY_YEAR, tokenOf } from "./support/market";
import { screenshotsTo } from "./support/shots";
import { newUser } from "./support/users";

const EXPIRY = `12${String(EXPIRY_YEAR % 100).padStart(2, "0")}`;

const shoot = screenshotsTo("PAYOUTS_SHOTS_DIR");

async function api<T>(
  request: APIRequestContext,
  method: "get" | "post",
  path: string,
  token: string,
  data?: unknown,
) {
  const response = await request[method](`/api/v1${path}`, {
    headers: { Authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  const body = (await response.json()) as { message: string; data: T };
  expect(response.ok(), `${path}: ${response.status()} ${body.message}`).toBe(true);
  return body.data;
}

/**
 * The marketplace flow, through the API: the seller buys a building, connects payouts and asks; a buyer (with
 * the 4242 card) bids above the ask; the seller accepts. The seller's earnings are the bid less the $5.00 fee.
 */
async function sellABuilding(page: Page, request: APIRequestContext): Promise<number> {
  const sellerToken = await tokenOf(page);
  const { property } = await buyBuilding(page, request);
  const onboarding = await api<{ redirectLink: string | null }>(
    request,
    "get",
    "/users/stripe/onboarding",
    sellerToken,
  );
  if (onboarding.redirectLink) {
    await page.goto(onboarding.redirectLink);
    await page.locator("form").getByRole("button").first().click();
    await expect(page).toHaveURL(/\/assets\?status=1$/);
  }
  const ask = Math.round(property.price * 100 + 4_000) / 100;
  await api(request, "post", "/properties/place-ask", sellerToken, {
    propertyId: property._id,
    bidAmount: ask,
  });

  const buyer = newUser("buyer");
  await createAccount(request, buyer);
  const login = await request.post("/api/v1/users/login", {
    data: { email: buyer.email, password: buyer.password },
  });
  const buyerToken = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const token = await request.post("/api/v1/sandbox/tokens", {
    data: {
      number: "4242424242424242",
      expMonth: 12,
      expYear: EXPIRY_YEAR,
      cvc: "123",
      name: buyer.fullName,
    },
  });
  const tokenId = ((await token.json()) as { data: { id: string } }).data.id;
  await api(request, "post", "/users/create/payment/method", buyerToken, { token: tokenId, isDefault: true });
  const bidAmount = Math.round(ask * 100 + 1_500) / 100;
  const { bid } = await api<{ bid: { bidId: string } }>(
    request,
    "post",
    "/properties/submit-bid",
    buyerToken,
    {
      propertyId: property._id,
      bidAmount,
      isApplePay: false,
    },
  );
  await api(request, "post", "/properties/accept-bid", sellerToken, { bidId: bid.bidId });
  return Math.round(bidAmount * 100) - 500;
}

/** Fills the payout card form key by key, as a player types. */
async function fillPayoutCard(page: Page, number: string): Promise<void> {
  await page.getByLabel("Cardholder name").fill("Ada Lovelace");
  await page.getByLabel("Debit card number").fill("");
  await page.getByLabel("Debit card number").pressSequentially(number);
  await page.getByLabel("Expiry (MM / YY)").fill("");
  await page.getByLabel("Expiry (MM / YY)").pressSequentially(EXPIRY);
  await page.getByLabel("CVC").fill("");
  await page.getByLabel("CVC").pressSequentially("123");
}

test("A seller adds a debit payout card and withdraws part of a sale's earnings instantly, seeing the fee first", async ({
  page,
  request,
  signUp,
}) => {
  await signUp(newUser("seller"));
  const alerts = collectAlerts(page);
  const earnedCents = await sellABuilding(page, request);

  // Withdrawal Methods: nothing yet.
  await page.goto("/profile");
  await page.getByRole("link", { name: "Withdrawal Methods" }).click();
  await expect(page).toHaveURL(/\/withdrawal-methods$/);
  await expect(page.getByRole("heading", { level: 1, name: "Withdrawal Methods" })).toBeVisible();
  await expect(page.getByText("No cards added yet")).toBeVisible();
  await shoot(page, "withdrawal-methods-empty");

  // A credit card is refused in plain words; the debit test card is taken.
  await page.getByRole("link", { name: "Add Card" }).click();
  await expect(page).toHaveURL(/\/Add-payout-card$/);
  await expect(page.getByRole("heading", { level: 1, name: "Add payout card" })).toBeVisible();
  await fillPayoutCard(page, "4242424242424242");
  await page.getByRole("button", { name: "Add Card" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Payouts can only go to a debit card. This card is a credit or prepaid card: add a debit card instead.",
  );
  await shoot(page, "add-payout-card-credit-refused");
  await fillPayoutCard(page, "4000056655665556");
  await page.getByRole("button", { name: "Add Card" }).click();

  // Back on the list: the card, its expiry year as two digits, the default, and ticked as the candidate.
  await expect(page).toHaveURL(/\/withdrawal-methods$/);
  const card = page.getByRole("radio", { name: "Select VISA •••• 5556" });
  await expect(card).toBeChecked();
  const row = page.getByRole("listitem").filter({ has: card });
  await expect(row).toContainText(`Exp 12/${String(EXPIRY_YEAR % 100).padStart(2, "0")}`);
  await expect(row).toContainText("Default");
  await expect(page.getByRole("button", { name: "Set as Default" })).toBeEnabled();
  await shoot(page, "withdrawal-methods");

  // Withdrawals: the balance is the sale's earnings.
  await page.goto("/profile");
  await page.getByRole("link", { name: "Withdrawal", exact: true }).click();
  await expect(page).toHaveURL(/\/Withdrawl$/);
  const balance = page.getByTestId("available-balance");
  await expect(balance).toHaveText(dollars(earnedCents / 100));
  await expect(page.getByRole("tab", { name: "Manual" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByText("No payouts yet")).toBeVisible();
  await shoot(page, "withdrawals-manual");

  // Instant: switching reloads the history; the amount starts at the whole balance.
  const reloaded = page.waitForRequest((req) => req.url().endsWith("/api/v1/users/payout/details"));
  await page.getByRole("tab", { name: "Instant" }).click();
  await reloaded;
  await expect(page.getByText("To VISA •••• 5556")).toBeVisible();
  const amount = page.getByLabel("Amount to withdraw");
  await expect(amount).toHaveValue((earnedCents / 100).toFixed(2));
  await amount.fill("20.00");
  await shoot(page, "withdrawals-instant");
  await page.getByRole("button", { name: "Withdraw instantly" }).click();

  // The fee is shown before anything moves; Cancel has the focus.
  const confirm = page.getByRole("dialog", { name: "Confirm instant payout" });
  await expect(confirm.getByRole("term")).toHaveText(["Amount", "Instant payout fee", "You receive", "To"]);
  await expect(confirm.getByRole("definition")).toHaveText(["$20.00", "−$1.00", "$19.00", "VISA •••• 5556"]);
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await shoot(page, "withdrawals-instant-confirm");
  const sent = page.waitForRequest((req) => req.url().endsWith("/api/v1/users/instant-payout-card"));
  await confirm.getByRole("button", { name: "Confirm" }).click();
  const body = (await sent).postDataJSON() as { amount: number; currency: string; cardId: string };
  expect(body).toMatchObject({ amount: 2_000, currency: "usd", cardId: expect.stringMatching(/^card_/) });

  // Paid: the balance drops by the amount and the history shows it.
  await expect(page.getByRole("status").filter({ hasText: "Payout successfully completed" })).toBeVisible();
  await expect(balance).toHaveText(dollars((earnedCents - 2_000) / 100));
  const history = page.getByRole("table");
  await expect(history.getByRole("row")).toHaveCount(2);
  const paid = history.getByRole("row").nth(1);
  // Each payout is dated, in the app's one date format.
  await expect(paid.getByRole("cell")).toHaveText([
    /^[A-Z][a-z]{2} \d{1,2}, \d{4}/,
    "$20.00$19.00 after fee",
    "USD",
    "Paid",
    "InstantVISA •••• 5556",
  ]);
  expect(alerts).toEqual([]);
  await shoot(page, "withdrawals-paid");
});

test("An instant payout the card's bank refuses says so, and the money stays in the balance", async ({
  page,
  request,
  signUp,
}) => {
  await signUp(newUser("refused"));
  const alerts = collectAlerts(page);
  const earnedCents = await sellABuilding(page, request);

  // The sandbox's debit card whose payouts always fail.
  await page.goto("/Add-payout-card");
  await fillPayoutCard(page, "4000000000005126");
  await page.getByRole("button", { name: "Add Card" }).click();
  await expect(page.getByRole("radio", { name: "Select VISA •••• 5126" })).toBeChecked();

  await page.goto("/Withdrawl");
  await page.getByRole("tab", { name: "Instant" }).click();
  await page.getByLabel("Amount to withdraw").fill("10.00");
  await page.getByRole("button", { name: "Withdraw instantly" }).click();
  await page
    .getByRole("dialog", { name: "Confirm instant payout" })
    .getByRole("button", { name: "Confirm" })
    .click();

  await expect.poll(() => alerts).toEqual(["Instant payout failed: The bank could not process this payout."]);
  await expect(page.getByTestId("available-balance")).toHaveText(dollars(earnedCents / 100));
  const failed = page.getByRole("table").getByRole("row").nth(1);
  await expect(failed.getByRole("cell").nth(3)).toHaveText("FailedThe bank could not process this payout.");
  await shoot(page, "withdrawals-failed");
});

test("A player who has not set up payouts is offered to, on Withdrawal Methods and Withdrawals", async ({
  page,
  logIn,
  existingPlayer,
}) => {
  await logIn(existingPlayer);
  await page.goto("/withdrawal-methods");
  await expect(page.getByText("Stripe account not connected.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Set up payouts" })).toBeVisible();
  await page.goto("/Withdrawl");
  await expect(page.getByTestId("available-balance")).toHaveText("$0.00");
  await expect(page.getByText("Stripe account not connected.")).toBeVisible();
  await shoot(page, "withdrawals-not-connected");
  await page.getByRole("button", { name: "Set up payouts" }).click();
  await expect(page).toHaveURL(/\/sandbox\/onboarding/);
});
