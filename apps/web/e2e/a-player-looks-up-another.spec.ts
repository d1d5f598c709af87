import AxeBuilder from "@axe-core/playwright";
import { createAccount } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { buyBuilding, dollars } from "./support/market";
import { signedIn } from "./support/operators";
import { screenshotsTo } from "./support/shots";
import { newUser } from "./support/users";

const shoot = screenshotsTo("PLAYERS_SHOTS_DIR");

test.setTimeout(240_000);

test("A player finds another on the leaderboard, opens their profile and follows a building to its details; once hidden, the list is gone but the count stays", async ({
  browser,
  request,
}) => {
  const owner = newUser("owner");
  const visitor = newUser("visitor");
  for (const user of [owner, visitor]) await createAccount(request, user);

  // A buys a building.
  const ownerPage = await signedIn(browser, owner);
  const { property } = await buyBuilding(ownerPage, request);

  // B finds A on the leaderboard and opens A's profile from their row.
  const visitorPage = await signedIn(browser, visitor);
  await visitorPage.goto("/Leader-board");
  await visitorPage.getByLabel("Filter by name").fill(owner.userName);
  const row = visitorPage.getByRole("row").filter({ hasText: owner.userName });
  await expect(row).toHaveCount(1);
  await shoot(visitorPage, "player-on-the-leaderboard");
  await row.getByRole("link", { name: owner.fullName }).click();
  await expect(visitorPage).toHaveURL(new RegExp(`/players/${owner.userName}$`));

  // The profile: the name, when they joined, what they hold, the building on the list and the map, the purchase.
  await expect(visitorPage.getByRole("heading", { level: 1, name: owner.userName })).toBeVisible();
  const monthYear = new Date().toLocaleString("en-US", { month: "long", year: "numeric" });
  await expect(visitorPage.getByText(`Joined ${monthYear}`)).toBeVisible();
  await expect(visitorPage.getByTestId("holdings-count")).toHaveText("1");
  await expect(visitorPage.getByTestId("holdings-value")).toHaveText(dollars(property.price));
  const holdings = visitorPage.getByRole("region", { name: "Buildings held" });
  const buildingLink = holdings.getByRole("link", { name: property.name });
  await expect(buildingLink).toBeVisible();
  await expect(holdings.getByRole("img", { name: /Map of Manhattan/ })).toBeVisible();
  const trades = visitorPage.getByRole("region", { name: "Recent trades" });
  await expect(trades.getByRole("listitem").first()).toContainText("Bought");
  await expect(trades.getByRole("listitem").first()).toContainText(property.name);
  await shoot(visitorPage, "player-profile");
  const axe = await new AxeBuilder({ page: visitorPage })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  const serious = axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  for (const width of [1440, 360]) {
    await visitorPage.setViewportSize({ width, height: 900 });
    const scrollWidth = await visitorPage.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `the profile fits ${width} px`).toBeLessThanOrEqual(width);
  }
  await visitorPage.setViewportSize({ width: 1440, height: 900 });

  // The building leads to its Property Details, which names A as its owner, linked back to the profile.
  await buildingLink.click();
  await expect(visitorPage).toHaveURL(/\/Property-Details\?/);
  await expect(visitorPage.getByRole("heading", { name: property.name })).toBeVisible();
  await expect(visitorPage.getByRole("link", { name: owner.userName })).toHaveAttribute(
    "href",
    `/players/${owner.userName}`,
  );
  await shoot(visitorPage, "player-owner-on-property-details");

  // A hides their holdings in Account Settings.
  await ownerPage.goto("/Account-settings");
  const hide = ownerPage.getByRole("checkbox", { name: "Hide my buildings on my public profile" });
  await expect(hide).not.toBeChecked();
  await hide.check();
  await expect(ownerPage.getByText("Your buildings are hidden on your public profile.")).toBeVisible();
  await expect(hide).toBeChecked();
  await shoot(ownerPage, "player-hide-holdings-setting");

  // B sees the list hidden, the count and value kept.
  await visitorPage.goto(`/players/${owner.userName.toUpperCase()}`);
  await expect(visitorPage.getByRole("heading", { level: 1, name: owner.userName })).toBeVisible();
  await expect(visitorPage.getByTestId("holdings-hidden")).toHaveText(
    "This player keeps their list of buildings private.",
  );
  await expect(visitorPage.getByTestId("holdings-count")).toHaveText("1");
  await expect(visitorPage.getByTestId("holdings-value")).toHaveText(dollars(property.price));
  await expect(visitorPage.getByRole("region", { name: "Buildings held" }).getByRole("link")).toHaveCount(0);
  await shoot(visitorPage, "player-profile-hidden");

  // Signed out, the profile opens too; a name nobody has says so.
  const stranger = await (await browser.newContext({ viewport: { width: 375, height: 812 } })).newPage();
  await stranger.goto(`/players/${owner.userName}`);
  await expect(stranger.getByRole("heading", { level: 1, name: owner.userName })).toBeVisible();
  await stranger.goto("/players/nobody_by_this_name");
  await expect(stranger.getByRole("heading", { level: 1, name: "No player by that name" })).toBeVisible();
  await shoot(stranger, "player-not-found");
});
