import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { readMailbox } from "./support/mailbox";

/** Screenshots of each width's story, when SHOP_SHOTS_DIR names a folder (e.g. /tmp/shop-shots). */
async function shot(page: Page, name: string): Promise<void> {
  const folder = process.env.SHOP_SHOTS_DIR;
  if (!folder) return;
  // From the top, so the sticky header is drawn where it sits and not over the middle of the page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${folder}/${name}-${page.viewportSize()?.width}.png`, fullPage: true });
}

const EXPIRY = `12${String((new Date().getFullYear() + 3) % 100).padStart(2, "0")}`;

/** `npm run orders -- <args>` against the story's server (its database lives in the server's memory). */
async function orders(request: APIRequestContext, ...args: string[]) {
  const response = await request.post("/dev/orders", { data: { args } });
  expect(response.ok(), `orders answered ${response.status()}`).toBe(true);
  return ((await response.json()) as { data: { exitCode: number; output: string } }).data;
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
    // One long story: sign-in, the cart, the whole payment form, two e-mails and the operator's command.
    test.setTimeout(180_000);

    test(`A player orders a cap and two stickers shipped express to the Empire State Building, pays tax in the sandbox, and the operator ships it (${viewport.width} px)`, async ({
      page,
      request,
      existingPlayer,
      logIn,
    }) => {
      await logIn(existingPlayer);
      await page.goto("/product/1");
      await page.getByRole("button", { name: "Add to Cart" }).click();
      await page.goto("/checkout?buyNow=4&quantity=2");
      await expect(page.getByTestId("subtotal")).toHaveText("$115.98");
      // Signed in: the player's e-mail is already there.
      await expect(page.getByLabel("Email")).toHaveValue(existingPlayer.email);
      await page.getByRole("button", { name: "Pay Now" }).click();

      // The sandbox's embedded form asks what Stripe's does: where to ship, how fast, then the card.
      await expect(page.getByRole("heading", { level: 1, name: "Payment" })).toBeVisible();
      await expect(page.getByRole("group", { name: "Shipping address" })).toBeVisible();
      await expect(page.getByLabel("Country")).toHaveValue("US");
      await expect(page.getByRole("radio", { name: /Standard shipping/ })).toBeChecked();
      await expect(page.getByTestId("payment-tax")).toHaveText("Enter your address");

      await page.getByLabel("Full name").fill("Ada Shopper");
      await page.getByLabel("Address", { exact: true }).fill("350 Fifth Avenue");
      await page.getByLabel("Apartment, suite, etc. (optional)").fill("Floor 86");
      await page.getByLabel("City").fill("New York");
      await page.getByLabel("State").selectOption("NY");
      // A ZIP code that is not one is refused before anything is charged.
      await page.getByLabel("ZIP code").fill("1011");
      await page.getByLabel("Card number").fill("4242 4242 4242 4242");
      await page.getByLabel("Expiry (MM / YY)").fill(EXPIRY);
      await page.getByLabel("CVC").fill("123");
      await page.getByLabel("Name on card").fill("Ada Shopper");
      await page.getByRole("button", { name: /^Pay \$/ }).click();
      await expect(page.getByRole("alert")).toHaveText("Enter a 5-digit ZIP code, like 10001.");
      await expect(page.getByLabel("ZIP code")).toBeFocused();
      await page.getByLabel("ZIP code").fill("10118");

      await page.getByRole("radio", { name: /Express shipping/ }).check();
      // 4% of $115.98 (the sandbox's New York rate, on the goods): $4.64.
      await expect(page.getByTestId("payment-shipping")).toHaveText("$15.00");
      await expect(page.getByTestId("payment-tax")).toHaveText("$4.64");
      await expect(page.getByText("Sales tax (NY, 4%)")).toBeVisible();
      await expect(page.getByTestId("payment-total")).toHaveText("$135.62");
      await expectNoSideways(page);
      await shot(page, "shop-payment-form");
      await page.getByRole("button", { name: "Pay $135.62" }).click();

      await expect(page.getByRole("heading", { name: "Thank you for your purchase!" })).toBeVisible();
      const orderNumber =
        (await page.getByTestId("order-number").textContent())?.replace("Order number: ", "") ?? "";
      expect(orderNumber).toMatch(/^[0-9A-F]{8}$/);
      await expectNoSideways(page);
      await shot(page, "shop-return");

      // The confirmation: what was bought, where it goes, and the totals.
      // The player's inbox already holds their sign-up mail: the shop's are the ones naming the order.
      const shopMail = async () =>
        (await readMailbox(request, existingPlayer.email)).filter((m) => m.subject.includes(orderNumber));
      await expect.poll(async () => (await shopMail()).length).toBe(1);
      const [confirmation] = await shopMail();
      expect(confirmation?.subject).toContain(orderNumber);
      for (const line of [
        "1 × Snapback Cap",
        "2 × Broker Sticker",
        "Subtotal: $115.98",
        "Shipping: $15.00",
        "Sales tax: $4.64",
        "Total charged: $135.62",
        "Ship to: Ada Shopper, 350 Fifth Avenue, Floor 86, New York, NY 10118 (Express shipping)",
      ]) {
        expect(confirmation?.text).toContain(line);
      }

      // The operator's list of paid orders waiting to ship has it, with everything needed to pack and post it.
      const waiting = await orders(request, "list", "10000");
      expect(waiting.exitCode).toBe(0);
      const entry = waiting.output
        .split(/\n(?=[0-9A-F]{8} {2})/)
        .find((block) => block.startsWith(orderNumber));
      expect(entry).toContain(existingPlayer.email);
      expect(entry).toContain("1 × Snapback Cap, 2 × Broker Sticker");
      expect(entry).toContain(
        "ship to: Ada Shopper, 350 Fifth Avenue, Floor 86, New York, NY 10118 · Express shipping",
      );
      expect(entry).toContain("paid $135.62 = goods $115.98 + shipping $15.00 + tax $4.64");

      const shipped = await orders(
        request,
        "ship",
        orderNumber,
        "--carrier",
        "USPS",
        "--tracking",
        "9400111899223100012345",
      );
      expect(shipped).toEqual({
        exitCode: 0,
        output: `Order ${orderNumber} shipped with USPS 9400111899223100012345.\nE-mailed ${existingPlayer.email}.`,
      });
      expect((await orders(request, "list", "10000")).output).not.toContain(orderNumber);

      await expect.poll(async () => (await shopMail()).length).toBe(2);
      const [notice] = await shopMail();
      expect(notice?.subject).toBe(`Your Manhattan Exchange order ${orderNumber} has shipped`);
      expect(notice?.text).toContain("Tracking number: 9400111899223100012345");
      expect(notice?.text).toContain("has shipped with USPS");
      await page.goto(`/dev/mailbox?to=${encodeURIComponent(existingPlayer.email)}`);
      await shot(page, "shop-shipped-mail");
    });

    test(`A visitor pays with PayPal for a cap and two stickers shipped express to the Empire State Building, giving the address before PayPal (${viewport.width} px)`, async ({
      page,
      request,
    }) => {
      const email = `pp_ship_${viewport.width}_${Date.now()}@example.com`;
      await page.goto("/product/1");
      await page.getByRole("button", { name: "Add to Cart" }).click();
      await page.goto("/checkout?buyNow=4&quantity=2");
      await expect(page.getByTestId("subtotal")).toHaveText("$115.98");
      await page.getByLabel("Email").fill(email);
      await page.getByRole("button", { name: "Pay with PayPal" }).click();

      // The address step: the same fields, checks and rates as the card form, before PayPal is asked.
      await expect(page.getByRole("heading", { level: 1, name: "Shipping" })).toBeVisible();
      await expect(page.getByRole("group", { name: "Shipping address" })).toBeVisible();
      await expect(page.getByLabel("Country")).toHaveValue("US");
      await expect(page.getByRole("radio", { name: /Standard shipping/ })).toBeChecked();
      await expect(page.getByTestId("payment-tax")).toHaveText("Enter your address");
      await page.getByLabel("Full name").fill("Ada Shopper");
      await page.getByLabel("Address", { exact: true }).fill("350 Fifth Avenue");
      await page.getByLabel("Apartment, suite, etc. (optional)").fill("Floor 86");
      await page.getByLabel("City").fill("New York");
      await page.getByLabel("State").selectOption("NY");
      await page.getByLabel("ZIP code").fill("1011");
      await page.getByRole("button", { name: /^Pay \$.* with PayPal$/ }).click();
      await expect(page.getByRole("alert")).toHaveText("Enter a 5-digit ZIP code, like 10001.");
      await expect(page.getByLabel("ZIP code")).toBeFocused();
      await expect(page.getByRole("dialog", { name: "Pay with PayPal" })).toHaveCount(0);
      await page.getByLabel("ZIP code").fill("10118");
      await page.getByRole("radio", { name: /Express shipping/ }).check();
      await expect(page.getByTestId("payment-subtotal")).toHaveText("$115.98");
      await expect(page.getByTestId("payment-shipping")).toHaveText("$15.00");
      await expect(page.getByTestId("payment-tax")).toHaveText("$4.64");
      await expect(page.getByText("Sales tax (NY, 4%)")).toBeVisible();
      await expect(page.getByTestId("payment-total")).toHaveText("$135.62");
      await expectNoSideways(page);
      await shot(page, "shop-paypal-address");
      await page.getByRole("button", { name: "Pay $135.62 with PayPal" }).click();

      // PayPal is asked for the total and approves it.
      const dialog = page.getByRole("dialog", { name: "Pay with PayPal" });
      await expect(dialog).toBeVisible();
      const frame = dialog.locator('iframe[title="PayPal"]').contentFrame();
      await expect(frame.getByText("$135.62")).toBeVisible();
      await frame.getByRole("button", { name: "Approve", exact: true }).click();

      await expect(page).toHaveURL(/\/return\?session_id=paypal_/);
      await expect(page.getByRole("heading", { name: "Thank you for your purchase!" })).toBeVisible();
      const orderNumber =
        (await page.getByTestId("order-number").textContent())?.replace("Order number: ", "") ?? "";
      expect(orderNumber).toMatch(/^[0-9A-F]{8}$/);

      await expect.poll(async () => (await readMailbox(request, email)).length).toBe(1);
      const [confirmation] = await readMailbox(request, email);
      for (const line of [
        "Subtotal: $115.98",
        "Shipping: $15.00",
        "Sales tax: $4.64",
        "Total charged: $135.62",
        "Ship to: Ada Shopper, 350 Fifth Avenue, Floor 86, New York, NY 10118 (Express shipping)",
      ]) {
        expect(confirmation?.text).toContain(line);
      }
      const waiting = await orders(request, "list", "10000");
      const entry = waiting.output
        .split(/\n(?=[0-9A-F]{8} {2})/)
        .find((block) => block.startsWith(orderNumber));
      expect(entry).toContain(email);
      expect(entry).toContain(
        "ship to: Ada Shopper, 350 Fifth Avenue, Floor 86, New York, NY 10118 · Express shipping",
      );
      expect(entry).toContain("paid $135.62 = goods $115.98 + shipping $15.00 + tax $4.64");
    });
  });
}
