import { createAccount } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { addTestCard, authHeaders, buyBuilding, readProperty } from "./support/market";
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

for (const screen of SCREENS) {
  test(`Finance refunds a player's purchase from the console; the building is buyable again and the audit log lists the refund (${screen.width} px)`, async ({
    browser,
    request,
  }) => {
    const finance = newUser("finance");
    const buyer = newUser("buyer");
    const nextBuyer = newUser("next");
    for (const user of [finance, buyer, nextBuyer]) await createAccount(request, user);
    await grant(request, finance.email, "finance");

    const buyerPage = await signedIn(browser, buyer, screen);
    const { building } = await buyBuilding(buyerPage, request);

    // Finance finds the buyer and refunds the purchase, with a reason and a confirmation.
    const page = await signedIn(browser, finance, screen);
    await enrolAndEnter(page);
    await page.getByLabel("E-mail, username or id").fill(buyer.email);
    await page.getByRole("button", { name: "Find" }).click();
    await expect(page.getByTestId("player-username")).toHaveText(buyer.userName);
    const purchases = page.getByRole("table", { name: "Purchases" });
    await expect(purchases).toContainText(building.buildingId);
    await expect(purchases).toContainText("completed");
    await purchases.getByRole("button", { name: "Refund" }).click();
    const confirm = page.getByRole("dialog", { name: "Refund the purchase" });
    await expect(confirm).toContainText("returns to the game");
    await confirm.getByLabel("Reason").fill("Bought by mistake");
    await shoot(page, `ops-refund-confirm-${screen.width}`);
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await expect(purchases).toContainText("refunded");
    await expect(page.getByRole("table", { name: "Holdings" })).toContainText("None.");
    await shoot(page, `ops-refunded-${screen.width}`);

    // The building is back in the game: unowned, and another player buys it.
    const nextPage = await signedIn(browser, nextBuyer, screen);
    const back = await readProperty(nextPage, request, building.buildingId);
    expect(back.ownerId).toBeNull();
    expect(back.status).toBe("available");
    await addTestCard(nextPage, request);
    const bought = await request.post("/api/v1/properties/buy", {
      headers: await authHeaders(nextPage),
      data: { buildingId: building.buildingId, bidAmount: back.basePrice },
    });
    expect(bought.ok(), `buy answered ${bought.status()} ${await bought.text()}`).toBe(true);

    // The money section finds the ledger balanced; the audit log lists the refund.
    await page.getByRole("button", { name: "Money" }).click();
    await expect(page.getByText("The ledger balances and agrees with the processor.")).toBeVisible();
    await shoot(page, `ops-money-${screen.width}`);
    await page.getByRole("button", { name: "Audit log" }).click();
    const log = page.getByRole("table", { name: "Newest first" });
    await expect(log).toContainText("purchase.refund");
    await expect(log).toContainText("Bought by mistake");
  });
}
