import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { APIRequestContext, Page } from "@playwright/test";
import { createAccount } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import {
  authHeaders,
  buyBuilding,
  collectAlerts,
  dollars,
  EXPIRY_YEAR,
  onboardPayouts,
  placeAsk,
} from "./support/market";
import { storyServerEnv, workerPort } from "./support/servers";
import { screenshotsTo } from "./support/shots";
import { newUser } from "./support/users";

const shoot = screenshotsTo("CLEARING_SHOTS_DIR");

/**
 * The stories' servers clear proceeds at once (apps/web/e2e/support/servers.ts); this story starts the same build
 * once more, 1000 ports above its worker's server, with proceeds clearing 72 hours after the buyer's payment as
 * they would in production. Only this story pays for it.
 */
const clearingPort = Number(
  process.env.E2E_CLEARING_PORT ?? workerPort(Number(process.env.TEST_PARALLEL_INDEX ?? 0)) + 1000,
);
const clearingURL = `http://127.0.0.1:${clearingPort}`;
let server: ChildProcess | null = null;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = spawn(
    process.execPath,
    ["--enable-source-maps", fileURLToPath(new URL("../../server/dist/main.js", import.meta.url))],
    {
      env: { ...process.env, ...storyServerEnv(clearingPort, { EARNINGS_CLEAR_HOURS: "72" }) },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  // Ready once it has migrated its database and built its catalogue and map tiles.
  for (const started = Date.now(); Date.now() - started < 230_000; ) {
    const ready = await fetch(`${clearingURL}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    if (server.exitCode !== null) throw new Error(`the clearing server stopped with code ${server.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("the clearing server did not become ready");
});

test.afterAll(() => {
  server?.kill("SIGTERM");
});

test.use({ baseURL: clearingURL });

/**
 * The signed-in seller buys a building, connects payouts and asks; a buyer with the 4242 card bids above the ask,
 * and the seller accepts. Returns the building's name and the proceeds in cents (the bid less the $5.00 fee).
 */
async function sellABuilding(page: Page, request: APIRequestContext) {
  const { building, property } = await buyBuilding(page, request);
  await onboardPayouts(page, request);
  const ask = Math.round(property.price * 100 + 4_000) / 100;
  await placeAsk(page, request, property._id, ask);

  const buyer = newUser("buyer");
  await createAccount(request, buyer);
  const login = await request.post("/api/v1/users/login", {
    data: { email: buyer.email, password: buyer.password },
  });
  const buyerToken = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const tokenised = await request.post("/api/v1/sandbox/tokens", {
    data: {
      number: "4242424242424242",
      expMonth: 12,
      expYear: EXPIRY_YEAR,
      cvc: "123",
      name: buyer.fullName,
    },
  });
  const tokenId = ((await tokenised.json()) as { data: { id: string } }).data.id;
  const card = await request.post("/api/v1/users/create/payment/method", {
    headers: { Authorization: `Bearer ${buyerToken}` },
    data: { token: tokenId, isDefault: true },
  });
  expect(card.ok(), `create payment method answered ${card.status()}`).toBe(true);
  const bidAmount = Math.round(ask * 100 + 1_500) / 100;
  const bid = await request.post("/api/v1/properties/submit-bid", {
    headers: { Authorization: `Bearer ${buyerToken}` },
    data: { propertyId: property._id, bidAmount, isApplePay: false },
  });
  expect(bid.ok(), `submit-bid answered ${bid.status()} ${await bid.text()}`).toBe(true);
  const { bidId } = ((await bid.json()) as { data: { bid: { bidId: string } } }).data.bid;
  const accepted = await request.post("/api/v1/properties/accept-bid", {
    headers: await authHeaders(page),
    data: { bidId },
  });
  expect(accepted.ok(), `accept-bid answered ${accepted.status()} ${await accepted.text()}`).toBe(true);
  return { name: building.name, proceedsCents: Math.round(bidAmount * 100) - 500 };
}

test("A seller sees a sale's proceeds clearing on the Withdrawal page, with the time they become available", async ({
  page,
  request,
  signUp,
}) => {
  await signUp(newUser("clearing"));
  const alerts = collectAlerts(page);

  // Before any sale: nothing is clearing.
  await page.goto("/profile");
  await page.getByRole("link", { name: "Withdrawal", exact: true }).click();
  await expect(page).toHaveURL(/\/Withdrawl$/);
  const clearing = page.getByRole("region", { name: "Clearing" });
  await expect(clearing).toContainText(
    "Nothing is clearing: the proceeds of your sales are all in your available balance.",
  );
  await expect(clearing.getByTestId("clearing-balance")).toHaveText("$0.00");
  await shoot(page, "withdrawal-nothing-clearing");

  const sold = await sellABuilding(page, request);
  const soldAt = Date.now();

  // The proceeds are the seller's, but clearing: nothing is available to withdraw yet.
  await page.goto("/Withdrawl");
  await expect(page.getByTestId("available-balance")).toHaveText("$0.00");
  await expect(clearing.getByTestId("clearing-balance")).toHaveText(dollars(sold.proceedsCents / 100));
  const table = clearing.getByRole("table", {
    name: "Sales whose proceeds are clearing, the soonest available first",
  });
  await expect(table.getByRole("columnheader")).toHaveText(["Sale", "Amount", "Available to withdraw"]);
  const rows = table.getByRole("row");
  await expect(rows).toHaveCount(2);
  const cells = rows.nth(1).getByRole("cell");
  await expect(cells.nth(0)).toHaveText(sold.name);
  await expect(cells.nth(1)).toHaveText(dollars(sold.proceedsCents / 100));
  // 72 hours from the sale: "in 3 days", and the exact local time beside it and in the tooltip.
  const when = cells.nth(2).locator("time");
  await expect(when).toHaveText("in 3 days");
  const clearsAt = Date.parse((await when.getAttribute("datetime")) ?? "");
  expect(Math.abs(clearsAt - soldAt - 72 * 3_600_000)).toBeLessThan(60_000);
  const exact = await page.evaluate(
    (iso) =>
      new Intl.DateTimeFormat("en-US", {
        month: "short",
        day: "numeric",
        year: "numeric",
        hour: "numeric",
        minute: "2-digit",
      }).format(new Date(iso)),
    new Date(clearsAt).toISOString(),
  );
  await expect(when).toHaveAttribute("title", exact);
  await expect(cells.nth(2)).toContainText(`at ${exact}`);
  await expect(clearing).toContainText(
    "Proceeds from a sale become available to withdraw once the buyer's payment",
  );
  // A standard withdrawal has nothing to take.
  await expect(page.getByRole("button", { name: "Withdraw balance" })).toBeDisabled();
  await shoot(page, "withdrawal-clearing");

  // The narrowest phone: nothing runs off the side.
  await page.setViewportSize({ width: 360, height: 780 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(when).toBeVisible();
  if (process.env.CLEARING_SHOTS_DIR) {
    await page.screenshot({
      path: `${process.env.CLEARING_SHOTS_DIR}/withdrawal-clearing-360.png`,
      fullPage: true,
    });
  }
  expect(alerts).toEqual([]);
});
