import { readFileSync } from "node:fs";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { createAccount } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import {
  addTestCard,
  authHeaders,
  buyBuilding,
  onboardPayouts,
  placeAsk,
  readProperty,
} from "./support/market";
import { screenshotsTo } from "./support/shots";
import { newUser } from "./support/users";

/*
 * A player develops one building and sells another, then downloads the year's statement from the portfolio page:
 * the CSV's columns add up to the year's line on the page, its fees and tax to the portfolio's totals, and it names
 * the buildings, never their ids. Constructions run in seconds here (DEVELOPMENT_TIME_SCALE in playwright.config.ts).
 * Screenshots go to STATEMENT_SHOTS_DIR when it is set.
 */
const shoot = screenshotsTo("STATEMENT_SHOTS_DIR");

/** A player signed in through the API, in a browser context of their own at `width` px. */
async function playerIn(browser: Browser, request: APIRequestContext, label: string, width: number) {
  const user = newUser(label);
  await createAccount(request, user);
  const login = await request.post("/api/v1/users/login", {
    data: { email: user.email, password: user.password },
  });
  expect(login.ok(), `login answered ${login.status()}`).toBe(true);
  const { data: session } = (await login.json()) as { data: { accessToken: string; userId: string } };
  const context = await browser.newContext({ viewport: { width, height: width > 500 ? 900 : 812 } });
  await context.addInitScript(({ accessToken, userId }) => {
    if (!window.localStorage.getItem("token")) {
      window.localStorage.setItem("token", accessToken);
      window.localStorage.setItem("userId", userId);
    }
  }, session);
  const page = await context.newPage();
  await page.goto("/profile");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  return { page, user };
}

/** One CSV line's fields (RFC 4180: quoted fields may hold commas and doubled quotes). */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i] as string;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      fields.push(field);
      field = "";
    } else field += c;
  }
  fields.push(field);
  return fields;
}

/** Cents from what the page shows: "$1,234.56", "−$12.00". */
const centsOf = (text: string) => {
  const negative = /^[−-]/.test(text.trim());
  const value = Math.round(Number(text.replace(/[^0-9.]/g, "")) * 100);
  return negative ? -value : value;
};

async function develop(page: Page, request: APIRequestContext, buildingId: string, kind: string) {
  const developed = await request.post("/api/v1/properties/develop", {
    headers: await authHeaders(page),
    data: { propertyId: buildingId, kind },
  });
  expect(developed.ok(), `develop answered ${developed.status()} ${await developed.text()}`).toBe(true);
}

for (const width of [1440, 375]) {
  test(`At ${width} px a player develops a building, sells another, and the year's statement adds up to the portfolio page`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(300_000);
    const owner = await playerIn(browser, request, "owner", width);
    const buyer = await playerIn(browser, request, "buyer", width);

    // Two buildings bought from the game; the first is developed twice (the second still being built).
    const first = await buyBuilding(owner.page, request);
    const second = await buyBuilding(owner.page, request);
    await develop(owner.page, request, first.building.buildingId, "facade");
    // The facade takes 3 s here; the garden then starts and takes 18 s, so it is still under way below.
    await expect
      .poll(async () => (await readProperty(owner.page, request, first.building.buildingId)).price, {
        timeout: 30_000,
      })
      .toBeGreaterThan(first.property.price);
    await develop(owner.page, request, first.building.buildingId, "garden");

    // The second is listed, bid on and sold.
    await onboardPayouts(owner.page, request);
    const ask = Math.round(second.property.price * 100 + 20_000) / 100;
    await placeAsk(owner.page, request, second.property._id, ask);
    await addTestCard(buyer.page, request);
    const bid = await request.post("/api/v1/properties/submit-bid", {
      headers: await authHeaders(buyer.page),
      data: { propertyId: second.building.buildingId, bidAmount: ask + 1, isApplePay: false },
    });
    expect(bid.ok(), `submit-bid answered ${bid.status()} ${await bid.text()}`).toBe(true);
    const { data: placed } = (await bid.json()) as { data: { bid: { bidId: string } } };
    const accepted = await request.post("/api/v1/properties/accept-bid", {
      headers: await authHeaders(owner.page),
      data: { bidId: placed.bid.bidId },
    });
    expect(accepted.ok(), `accept-bid answered ${accepted.status()}`).toBe(true);

    // The portfolio: the developed building with what was invested, the garden shown under construction.
    await owner.page.goto("/portfolio");
    const holding = owner.page.locator(`[data-building-id="${first.building.buildingId}"]`).first();
    await expect(holding).toContainText("Facade renovation (level 1)");
    await expect(holding).toContainText("Rooftop garden (level 2)");
    await expect(holding).toContainText("under construction until");
    await expect(
      owner.page
        .getByRole("region", { name: "Realised sales" })
        .locator(`[data-building-id="${second.building.buildingId}"]`),
    ).toBeVisible();
    await shoot(owner.page, "portfolio-statement");

    // The statement, downloaded as the player does.
    const year = new Date().getUTCFullYear();
    const download = owner.page.waitForEvent("download");
    await owner.page.getByRole("button", { name: `${year} statement (CSV)` }).click();
    const file = await (await download).path();
    const [header, ...lines] = readFileSync(file, "utf8").trim().split("\r\n");
    expect(header).toBe("date,kind,description,building,card,credits,fees,tax,earnings,balance");
    const rows = lines.map(csvFields);
    const kinds = rows.map((r) => r[1]);
    expect(kinds.filter((k) => k === "purchase")).toHaveLength(2);
    expect(kinds.filter((k) => k === "development")).toHaveLength(2);
    expect(kinds.filter((k) => k === "sale")).toHaveLength(1);
    for (const r of rows) {
      // Buildings by name, never by id.
      expect(r.join(",")).not.toMatch(/(way|relation|bin)\/\d/);
      if (r[1] !== "payout") expect(r[3], `the building of ${r[1]}`).not.toBe("");
    }
    expect(rows.find((r) => r[1] === "sale")?.[3]).toBe(second.property.name);

    // Its columns add up to the year's line on the page, and its fees and tax to the portfolio's totals.
    const sum = (column: number) => rows.reduce((s, r) => s + Math.round(Number(r[column]) * 100), 0);
    const line = owner.page.locator(`[data-year="${year}"]`);
    const shown = async (figure: string) =>
      centsOf((await line.locator(`[data-figure="${figure}"]`).textContent()) ?? "");
    expect(await shown("card")).toBe(sum(4));
    expect(await shown("credits")).toBe(sum(5));
    expect(await shown("fees")).toBe(sum(6));
    expect(await shown("tax")).toBe(sum(7));
    expect(await shown("earnings")).toBe(sum(8));
    const total = async (id: string) =>
      centsOf((await owner.page.locator(`[data-total="${id}"] dd`).textContent()) ?? "");
    expect(await total("fees")).toBe(sum(6));
    expect(await total("tax")).toBe(sum(7));
    // Four purchases' and developments' fees and taxes: $6 and $2.99 each; the sale's fee: $5.
    expect(sum(7)).toBe(4 * 299);
    expect(sum(6)).toBe(4 * 600 + 500);
    // The card paid for both buildings and both developments.
    expect(await total("card")).toBe(
      -rows
        .filter((r) => r[1] === "purchase" || r[1] === "development")
        .reduce((s, r) => s + Math.round(Number(r[4]) * 100), 0),
    );
    expect(Number(rows.at(-1)?.[9])).toBe(Number(rows.find((r) => r[1] === "sale")?.[8]));

    // Nothing at this width scrolls sideways.
    const overflow = await owner.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
