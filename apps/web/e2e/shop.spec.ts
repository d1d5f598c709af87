import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { readMailbox } from "./support/mailbox";

/** A card that has not expired: December, three years from now. */
const EXPIRY = `12${String((new Date().getFullYear() + 3) % 100).padStart(2, "0")}`;

let shopperCount = 0;
const newShopperEmail = () => `shopper.${Date.now().toString(36)}.${++shopperCount}@example.com`;

const storedCart = (page: Page) => page.evaluate(() => window.localStorage.getItem("cart"));

/** The shipping address in the payment form: Albany, New York (the sandbox's New York rate is 4%). */
async function shipToAlbany(page: Page): Promise<void> {
  await page.getByLabel("Full name").fill("Ada Shopper");
  await page.getByLabel("Address", { exact: true }).fill("1 State Street");
  await page.getByLabel("City").fill("Albany");
  await page.getByLabel("State").selectOption("NY");
  await page.getByLabel("ZIP code").fill("12207");
}

async function payWithCard(page: Page, number: string): Promise<void> {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry (MM / YY)").fill(EXPIRY);
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Name on card").fill("Ada Shopper");
  await page.getByRole("button", { name: /^Pay \$/ }).click();
}

test("A visitor buys a cap with the 4242 card, reaches the thank-you page, and the cart is empty after", async ({
  page,
  request,
}) => {
  const email = newShopperEmail();
  await page.goto("/shop");
  await expect(page.getByRole("link", { name: "Cart, 0 items" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Shop" }).getByRole("listitem")).toHaveCount(5);

  await page.getByRole("link", { name: "Snapback Cap" }).click();
  await expect(page).toHaveURL(/\/product\/1$/);
  await expect(page.getByRole("heading", { level: 1, name: "Snapback Cap" })).toBeVisible();
  await expect(page.getByText("$100.00", { exact: true })).toBeVisible();
  await expect(page.getByText("+ Shipping/Handling")).toBeVisible();
  await expect(page.getByText("+ Taxes")).toBeVisible();
  await expect(page.getByText("one size")).toBeVisible();

  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("status").filter({ hasText: "added to your cart" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
  expect(JSON.parse((await storedCart(page)) ?? "null")).toEqual([{ id: 1, quantity: 1 }]);

  await page.getByRole("link", { name: "Cart, 1 item" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole("heading", { name: "Checkout" })).toBeVisible();
  await expect(page.getByTestId("subtotal")).toHaveText("$100.00");
  await expect(page.getByText("Shipping, taxes, and discounts calculated at checkout.")).toBeVisible();

  // The e-mail is required.
  await page.getByRole("button", { name: "Pay Now" }).click();
  await expect(page.getByRole("alert")).toHaveText("Enter your email address.");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Pay Now" }).click();

  // The embedded payment form replaces the page, for the amount the server priced.
  await expect(page.getByRole("heading", { level: 1, name: "Payment" })).toBeVisible();
  await expect(page.getByTestId("payment-subtotal")).toHaveText("$100.00");
  await expect(page.getByTestId("payment-shipping")).toHaveText("$5.00");
  await expect(page.getByTestId("payment-tax")).toHaveText("Enter your address");
  await expect(page.getByTestId("payment-total")).toHaveText("$105.00");
  await expect(page.getByText(email)).toBeVisible();
  // No address yet: paying asks for one first.
  await payWithCard(page, "4242 4242 4242 4242");
  await expect(page.getByRole("alert")).toHaveText("Enter the name to ship to.");
  await expect(page.getByLabel("Full name")).toBeFocused();
  await shipToAlbany(page);
  await expect(page.getByTestId("payment-tax")).toHaveText("$4.00");
  await expect(page.getByText("Sales tax (NY, 4%)")).toBeVisible();
  await expect(page.getByTestId("payment-total")).toHaveText("$109.00");
  await page.getByRole("button", { name: "Pay $109.00" }).click();

  await expect(page).toHaveURL(/\/return\?session_id=cs_test_/);
  await expect(page.getByRole("heading", { name: "Thank you for your purchase!" })).toBeVisible();
  await expect(page.getByText(`A confirmation email will be sent to ${email}.`)).toBeVisible();
  await expect(page.getByRole("link", { name: "help@manhattan-exchange.test" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Continue Shopping" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Cart, 0 items" })).toBeVisible();
  expect(await storedCart(page)).toBe("[]");

  // Reloading the page neither makes a second order nor sends a second e-mail.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Thank you for your purchase!" })).toBeVisible();
  await expect.poll(async () => (await readMailbox(request, email)).length).toBe(1);
  const [mail] = await readMailbox(request, email);
  expect(mail?.text).toContain("1 × Snapback Cap");
  expect(mail?.text).toContain("Sales tax: $4.00");
  expect(mail?.text).toContain("Total charged: $109.00");
  expect(mail?.text).toContain("Ship to: Ada Shopper, 1 State Street, Albany, NY 12207 (Standard shipping)");

  // Home after 5 seconds.
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/, { timeout: 8_000 });
});

test("A visitor's declined card shows the card's message, and Buy Now with another card goes through", async ({
  page,
}) => {
  await page.goto("/product/2");
  await page.getByRole("button", { name: "Buy Now" }).click();
  await expect(page).toHaveURL(/\/checkout\?buyNow=2&quantity=1$/);
  await expect(page.getByRole("heading", { name: "Skyline Sticker" })).toBeVisible();
  await expect(page.getByTestId("subtotal")).toHaveText("$7.99");
  await page.getByLabel("Email").fill(newShopperEmail());
  await page.getByRole("button", { name: "Pay Now" }).click();

  await shipToAlbany(page);
  await payWithCard(page, "4000 0000 0000 0002");
  await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
  await expect(page).toHaveURL(/\/checkout/);

  await payWithCard(page, "4242 4242 4242 4242");
  await expect(page.getByRole("heading", { name: "Thank you for your purchase!" })).toBeVisible();
  await page.getByRole("button", { name: "Continue Shopping" }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});

test("A visitor flips through a product's pictures, which wrap around, and opens another product", async ({
  page,
}) => {
  await page.goto("/product/1");
  const carousel = page.getByRole("region", { name: "Snapback Cap" });
  await expect(carousel.getByText("Image 1 of 3")).toBeVisible();
  await expect(carousel.getByRole("img", { name: "Snapback Cap, front view" })).toBeVisible();
  await carousel.getByRole("button", { name: "Next image" }).click();
  await expect(carousel.getByText("Image 2 of 3")).toBeVisible();
  await expect(carousel.getByRole("img", { name: "Snapback Cap, side view" })).toBeVisible();
  await carousel.getByRole("button", { name: "Next image" }).click();
  await carousel.getByRole("button", { name: "Next image" }).click();
  await expect(carousel.getByText("Image 1 of 3")).toBeVisible();
  await carousel.getByRole("button", { name: "Previous image" }).click();
  await expect(carousel.getByText("Image 3 of 3")).toBeVisible();
  await expect(carousel.getByRole("img", { name: "Snapback Cap, back view with snap strap" })).toBeVisible();

  // Other Products: every product but this one.
  const others = page.getByRole("region", { name: "Other Products" });
  await expect(others.getByRole("listitem")).toHaveCount(4);
  await expect(others.getByRole("link", { name: "Snapback Cap" })).toHaveCount(0);
  await others.getByRole("link", { name: "Icon Sticker" }).click();
  await expect(page).toHaveURL(/\/product\/3$/);

  // One picture: no previous or next.
  await expect(page.getByRole("img", { name: "Icon Sticker, the sticker" }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Next image" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Previous image" })).toHaveCount(0);

  // The title goes home; an unknown product says so.
  await page.goto("/product/99");
  await expect(page.getByRole("heading", { name: "Product not found" })).toBeVisible();
  await page.getByRole("link", { name: "Manhattan Exchange Shop, home" }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});

test("A shopper changes quantities at checkout: minus stops at 1, plus and remove update the subtotal and the stored cart", async ({
  page,
}) => {
  await page.goto("/shop");
  // A product id the catalogue does not have is dropped.
  await page.evaluate(() =>
    window.localStorage.setItem(
      "cart",
      JSON.stringify([
        { id: 4, quantity: 2 },
        { id: 42, quantity: 1 },
        { id: 5, quantity: 1 },
      ]),
    ),
  );
  await page.goto("/checkout");
  const cart = page.getByRole("region", { name: "Your cart" });
  const broker = cart.getByRole("listitem").filter({ hasText: "Broker Sticker" });
  const grid = cart.getByRole("listitem").filter({ hasText: "Street Grid Sticker" });
  await expect(cart.getByRole("listitem")).toHaveCount(2);
  await expect(page.getByTestId("subtotal")).toHaveText("$20.98");
  await expect(page.getByRole("link", { name: "Cart, 3 items" })).toBeVisible();
  await expect.poll(() => storedCart(page)).toBe('[{"id":4,"quantity":2},{"id":5,"quantity":1}]');

  await broker.getByRole("button", { name: "One fewer Broker Sticker" }).click();
  await expect(broker.getByTestId("line-total")).toHaveText("$7.99");
  await expect(broker.getByRole("button", { name: "One fewer Broker Sticker" })).toBeDisabled();
  await expect(page.getByTestId("subtotal")).toHaveText("$12.99");

  await grid.getByRole("button", { name: "One more Street Grid Sticker" }).click();
  await grid.getByRole("button", { name: "One more Street Grid Sticker" }).click();
  await expect(grid.getByTestId("line-total")).toHaveText("$15.00");
  await expect(page.getByTestId("subtotal")).toHaveText("$22.99");
  expect(await storedCart(page)).toBe('[{"id":4,"quantity":1},{"id":5,"quantity":3}]');

  await broker.getByRole("button", { name: "Remove Broker Sticker" }).click();
  await grid.getByRole("button", { name: "Remove Street Grid Sticker" }).click();
  await expect(
    page.getByText("Your cart is empty. Add an item using 'Add to Cart' or 'Buy Now'."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Pay Now" })).toBeDisabled();
  await expect(page.getByTestId("subtotal")).toHaveText("$0.00");
  expect(await storedCart(page)).toBe("[]");

  // A Buy Now link puts that product in the cart at its quantity.
  await page.goto("/checkout?buyNow=3&quantity=3");
  await expect(cart.getByRole("listitem")).toHaveCount(1);
  await expect(cart.getByRole("heading", { name: "Icon Sticker" })).toBeVisible();
  await expect(page.getByTestId("subtotal")).toHaveText("$15.00");

  // Buy Now with other lines in the cart shows them all: what the badge counts is what is checked out.
  await page.goto("/product/5");
  await page.getByRole("button", { name: "Buy Now" }).click();
  await expect(page).toHaveURL(/\/checkout\?buyNow=5&quantity=1$/);
  await expect(cart.getByRole("listitem")).toHaveCount(2);
  await expect(page.getByRole("link", { name: "Cart, 4 items" })).toBeVisible();
  await expect(page.getByTestId("subtotal")).toHaveText("$20.00");
});

test("A signed-in player can shop too", async ({ page, logIn, existingPlayer }) => {
  await logIn(existingPlayer);
  await page.goto("/shop");
  await expect(page.getByRole("heading", { level: 1, name: "Merch from the Exchange" })).toBeVisible();
  await page.goto("/product/5");
  await expect(page.getByRole("heading", { level: 1, name: "Street Grid Sticker" })).toBeVisible();
  await page.goto("/checkout");
  await expect(page.getByRole("heading", { name: "Checkout" })).toBeVisible();
});

test("A visitor who opens /return with an unknown or missing session is told so, with the way back", async ({
  page,
}) => {
  await page.goto("/return?session_id=cs_test_unknown");
  await expect(page.getByRole("heading", { level: 1, name: "Checkout not found" })).toBeVisible();
  await expect(page.getByText("We could not find this checkout.", { exact: false })).toBeVisible();
  await expect(page.getByRole("link", { name: "help@manhattan-exchange.test" })).toBeVisible();

  await page.goto("/return");
  await expect(page.getByRole("heading", { level: 1, name: "Checkout not found" })).toBeVisible();
  await page.getByRole("link", { name: "Continue Shopping" }).click();
  await expect(page).toHaveURL(/\/shop$/);
});
