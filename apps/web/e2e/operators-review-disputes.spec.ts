import type { APIRequestContext, Page } from "@playwright/test";
import { createAccount } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { authHeaders, EXPIRY_YEAR, findUnownedBuilding, readProperty } from "./support/market";
import { enrolAndEnter, grant, signedIn } from "./support/operators";
import { screenshotsTo } from "./support/shots";
import { newUser } from "./support/users";

const shoot = screenshotsTo("OPS_SHOTS_DIR");
/** The console at a desk and on a phone. */
const SCREENS = [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
];

test.setTimeout(300_000);

/** The signed-in player buys an unowned building with the card whose holder disputes it (4000 0000 0000 0259). */
async function buyWithDisputedCard(page: Page, request: APIRequestContext) {
  const tokenised = await request.post("/api/v1/sandbox/tokens", {
    data: {
      number: "4000000000000259",
      expMonth: 12,
      expYear: EXPIRY_YEAR,
      cvc: "123",
      name: "Ada Lovelace",
    },
  });
  expect(tokenised.ok(), `sandbox token answered ${tokenised.status()}`).toBe(true);
  const { data: token } = (await tokenised.json()) as {
    data: { id: string; card: { brand: string; last4: string } };
  };
  const saved = await request.post("/api/v1/users/create/payment/method", {
    headers: await authHeaders(page),
    data: { token: token.id, last4: token.card.last4, brand: token.card.brand, isDefault: true },
  });
  expect(saved.ok(), `create payment method answered ${saved.status()}`).toBe(true);
  const { building, property } = await findUnownedBuilding(page, request);
  const bought = await request.post("/api/v1/properties/buy", {
    headers: await authHeaders(page),
    data: { buildingId: building.buildingId, bidAmount: property.basePrice },
  });
  expect(bought.ok(), `buy answered ${bought.status()} ${await bought.text()}`).toBe(true);
  return building;
}

for (const screen of SCREENS) {
  test(`Finance answers a dispute with evidence, sees it lost, and lifts the payer's restriction (${screen.width} px)`, async ({
    browser,
    request,
  }) => {
    const finance = newUser("finance");
    const buyer = newUser("payer");
    for (const user of [finance, buyer]) await createAccount(request, user);
    await grant(request, finance.email, "finance");
    const buyerPage = await signedIn(browser, buyer, screen);
    const building = await buyWithDisputedCard(buyerPage, request);

    // The dispute reaches the console's open list, its evidence due in six days.
    const page = await signedIn(browser, finance, screen);
    await enrolAndEnter(page);
    await page.getByRole("button", { name: "Disputes" }).click();
    const open = page.getByRole("table", { name: "Open disputes, evidence due soonest first" });
    await expect(async () => {
      await page.getByRole("button", { name: "Refresh" }).click();
      await expect(open).toContainText(buyer.userName, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    const row = open.getByRole("row").filter({ hasText: buyer.userName });
    await expect(row).toContainText("Needs response");
    await expect(row).toContainText("due in 6 days");
    await expect(row).toContainText(building.buildingId);
    await shoot(page, `ops-disputes-open-${screen.width}`);

    // Evidence is written, read back in a confirmation, and sent.
    await row.getByRole("button", { name: "Give evidence" }).click();
    const dialog = page.getByRole("dialog", { name: "Give evidence" });
    await dialog.getByLabel("Evidence").fill("The payer's session logs and receipt. losing_evidence");
    await dialog.getByRole("button", { name: "Review" }).click();
    await expect(dialog).toContainText("It takes evidence once");
    await shoot(page, `ops-disputes-evidence-${screen.width}`);
    await dialog.getByRole("button", { name: "Confirm and send" }).click();
    await expect(page.getByText(/Evidence submitted\./)).toBeVisible();
    await shoot(page, `ops-disputes-submitted-${screen.width}`);

    // The bank decides against the platform: lost, the building back in the game.
    await page.getByLabel("Show").selectOption("lost");
    const lost = page.getByRole("table", { name: "Lost disputes" });
    await expect(async () => {
      await page.getByRole("button", { name: "Refresh" }).click();
      await expect(lost).toContainText(buyer.userName, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    const lostRow = lost.getByRole("row").filter({ hasText: buyer.userName });
    await expect(lostRow).toContainText("Lost");
    await expect(lostRow).toContainText("building returned to the game");
    expect((await readProperty(page, request, building.buildingId)).ownerId).toBeNull();
    await shoot(page, `ops-disputes-lost-${screen.width}`);

    // The payer's page in the console shows the restriction and the dispute.
    await page.getByRole("button", { name: "Players" }).click();
    await page.getByLabel("E-mail, username or id").fill(buyer.email);
    await page.getByRole("button", { name: "Find" }).click();
    await expect(page.getByTestId("player-restriction")).toContainText("restricted since");
    await expect(page.getByRole("table", { name: "Disputes of their payments" })).toContainText("Lost");
    await shoot(page, `ops-player-disputes-${screen.width}`);

    // The payer is restricted; finance lifts it with a note.
    await page.getByRole("button", { name: "Restricted accounts" }).click();
    const restricted = page.getByRole("table", { name: "Restricted players, most recent first" });
    const payerRow = restricted.getByRole("row").filter({ hasText: buyer.userName });
    await expect(payerRow).toContainText("disputed and the dispute was lost");
    await shoot(page, `ops-restricted-${screen.width}`);
    await payerRow.getByRole("button", { name: "Lift restriction" }).click();
    const lift = page.getByRole("dialog", { name: "Lift the restriction" });
    await lift.getByLabel("Note for the audit log").fill("Spoke to the card holder");
    await lift.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByText("Restriction lifted.")).toBeVisible();
    await expect(restricted).not.toContainText(buyer.userName);

    await page.getByRole("button", { name: "Audit log" }).click();
    const log = page.getByRole("table", { name: "Newest first" });
    await expect(log).toContainText("player.restriction.lift");
    await expect(log).toContainText("dispute.evidence");
  });
}
