import { createAccount } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { buyBuilding } from "./support/market";
import { enrolAndEnter, grant, signedIn } from "./support/operators";
import { screenshotsTo } from "./support/shots";
import { newUser } from "./support/users";

const shoot = screenshotsTo("OPS_SHOTS_DIR");

test.setTimeout(300_000);

test("On a phone a player reports another from the leaderboard; support warns them and the warning reaches their notifications", async ({
  browser,
  request,
}) => {
  const support = newUser("aide");
  const owner = newUser("owner");
  const reporter = newUser("reporter");
  for (const user of [support, owner, reporter]) await createAccount(request, user);
  await grant(request, support.email, "support");

  // The owner holds a building, so they are on the leaderboard.
  const ownerPage = await signedIn(browser, owner);
  await buyBuilding(ownerPage, request);

  // The reporter, on a phone, finds the owner on the leaderboard and reports them from their row.
  const reporterPage = await signedIn(browser, reporter);
  await reporterPage.setViewportSize({ width: 375, height: 812 });
  await reporterPage.goto("/Leader-board");
  await reporterPage.getByLabel("Filter by name").fill(owner.userName);
  const report = reporterPage.getByRole("button", { name: `Report @${owner.userName}` });
  await expect(report).toBeVisible();
  await report.click();
  const dialog = reporterPage.getByRole("dialog", { name: `Report @${owner.userName}` });
  await expect(dialog).toContainText(`@${owner.userName}`);
  await dialog.getByLabel("What is wrong with it?").fill("Insults other players in names");
  await shoot(reporterPage, "ops-report-from-leaderboard-375");
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(reporterPage.getByText("an operator will look at your report")).toBeVisible();
  const width = await reporterPage.evaluate(() => document.documentElement.scrollWidth);
  expect(width, "the leaderboard fits the phone's width").toBeLessThanOrEqual(375);

  // Support accepts the report with a warning.
  const supportPage = await signedIn(browser, support);
  await enrolAndEnter(supportPage);
  await supportPage.getByRole("button", { name: "Reports" }).click();
  const card = supportPage.getByRole("listitem", { name: new RegExp(`Report about .*${owner.userName}`) });
  await expect(card).toContainText("Insults other players in names");
  await card.getByRole("button", { name: "Warn" }).click();
  const confirm = supportPage.getByRole("dialog", { name: "Accept: warn" });
  await confirm.getByLabel("Warning the player reads").fill("Keep names civil, or trading is frozen.");
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expect(supportPage.getByText("No open reports.")).toBeVisible();

  // The owner's bell has the warning.
  await ownerPage.goto("/");
  const bell = ownerPage.locator(".mx-map__header").getByRole("button", { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName(/Notifications, \d+ unread/);
  await bell.click();
  const feed = ownerPage.getByRole("dialog", { name: "Notifications" });
  await expect(feed.getByRole("link", { name: /A warning from the moderators/ })).toContainText(
    "About your name: Keep names civil, or trading is frozen.",
  );
  await shoot(ownerPage, "ops-warning-in-feed");
});
