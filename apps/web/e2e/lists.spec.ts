import { expect, test } from "./support/fixtures";

test("A new player's property list is empty", async ({ page, logIn, existingPlayer }) => {
  await logIn(existingPlayer);
  await page.goto("/profile");
  await page.getByRole("link", { name: "My Property List" }).click();

  await expect(page).toHaveURL(/\/assets$/);
  await expect(page.getByRole("heading", { level: 1, name: "My Properties" })).toBeVisible();
  await expect(page.getByText("No properties found")).toBeVisible();

  await page.getByRole("link", { name: "Back to profile" }).click();
  await expect(page).toHaveURL(/\/profile$/);
});

test("The leaderboard lists the demo players and filters by name", async ({
  page,
  logIn,
  existingPlayer,
}) => {
  await logIn(existingPlayer);
  await page.goto("/Leader-board");
  await expect(page).toHaveTitle(/Leaderboard/);

  const table = page.getByRole("table");
  const rows = table.getByRole("row");
  await expect(table.getByRole("rowheader", { name: /Demo · Astor Holdings/ })).toBeVisible();
  await expect(table.getByRole("rowheader", { name: /Demo · Hudson Partners/ })).toBeVisible();
  // Sorted by property count, most first: the first row is rank 1.
  await expect(table.getByRole("columnheader", { name: "Properties" })).toHaveAttribute(
    "aria-sort",
    "descending",
  );
  await expect(rows.nth(1).getByRole("cell").first()).toHaveText("1");

  await page.getByLabel("Filter by name").fill("hudson");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText("Demo · Hudson Partners");
  await expect(rows.nth(1)).toContainText("@demo_hudson");

  await page.getByLabel("Filter by name").fill("");
  await page.getByLabel("Sort by").selectOption({ label: "Highest total value" });
  await expect(table.getByRole("columnheader", { name: "Total value" })).toHaveAttribute(
    "aria-sort",
    "descending",
  );
  await expect(table.getByRole("rowheader", { name: /Demo · Astor Holdings/ })).toBeVisible();
});

test("A filter that matches nobody shows 'No entries yet'", async ({ page, logIn, existingPlayer }) => {
  await logIn(existingPlayer);
  await page.goto("/Leader-board");
  await expect(page.getByRole("table")).toBeVisible();

  await page.getByLabel("Filter by name").fill("nobody-is-called-this");
  await expect(page.getByText("No entries yet")).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
});
