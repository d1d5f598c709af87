import { createAccount } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { authHeaders, buyBuilding, detailsUrl, findUnownedBuilding, readProperty } from "./support/market";
import { screenshotsTo } from "./support/shots";
import { newUser } from "./support/users";

const shoot = screenshotsTo("NAMES_SHOTS_DIR");

test("An owner who renames their building to an obscenity is told why, and the building keeps its name", async ({
  page,
  request,
  logIn,
  existingPlayer,
}) => {
  await logIn(existingPlayer);
  const { building, property } = await buyBuilding(page, request);
  await page.goto(detailsUrl(building));
  await expect(page.getByRole("heading", { level: 1, name: property.name })).toBeVisible();

  await page.getByRole("button", { name: "Edit building name" }).click();
  const dialog = page.getByRole("dialog", { name: "Building Name" });
  await dialog.getByRole("textbox").fill("Sh1t Tower");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("This name must not contain offensive language.")).toBeVisible();
  await shoot(page, "refused-rename");

  // The server refuses it too, saying why, and nothing changes.
  const refused = await request.put("/api/v1/buildings", {
    headers: await authHeaders(page),
    data: { buildingId: building.buildingId, name: "Sh1t Tower" },
  });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { message: string }).message).toBe(
    "name: must not contain offensive language",
  );
  expect((await readProperty(page, request, building.buildingId)).name).toBe(property.name);
});

test("A building held for another buyer's PayPal approval shows as held until a time, not available", async ({
  page,
  request,
  logIn,
  existingPlayer,
}) => {
  // A buyer starts a PayPal purchase and leaves it waiting for their approval.
  await logIn(existingPlayer);
  const { building, property } = await findUnownedBuilding(page, request);
  const started = await request.post("/api/v1/properties/buy", {
    headers: await authHeaders(page),
    data: { buildingId: building.buildingId, bidAmount: property.basePrice, paymentMethodId: "paypal" },
  });
  expect(started.status(), await started.text()).toBe(202);

  // Another player opens the building's details.
  await page.evaluate(() => localStorage.clear());
  const other = newUser("onlooker");
  await page.context().clearCookies();
  await createAccount(request, other);
  await logIn(other);
  const seen = await readProperty(page, request, building.buildingId);
  expect(seen.status).toBe("held");
  await page.goto(detailsUrl(building));
  await expect(page.getByText(/^Held until [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M$/)).toBeVisible();
  await shoot(page, "held-until");

  // The map's card for the building says so too.
  await page.goto("/");
  await expect(page.locator('[data-map-ready="true"]')).toBeVisible({ timeout: 180_000 });
  await page.getByRole("combobox", { name: "Search buildings" }).fill(building.name);
  await page
    .getByRole("option", { name: new RegExp(building.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) })
    .first()
    .click();
  const card = page.locator(`[data-selected-building="${building.buildingId}"]`);
  await expect(card.getByText(/^Held until /)).toBeVisible();
  await shoot(page, "held-until-map");
});
