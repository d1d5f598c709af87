import { createAccount } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { authHeaders, buyBuilding, detailsUrl } from "./support/market";
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
  test(`An admin grants support; a player reports a building's name; support resets it and the reporter sees the new name; the audit log lists it all (${screen.width} px)`, async ({
    browser,
    request,
  }) => {
    const admin = newUser("chief");
    const support = newUser("aide");
    const owner = newUser("owner");
    const reporter = newUser("reporter");
    for (const user of [admin, support, owner, reporter]) await createAccount(request, user);
    await grant(request, admin.email, "admin");

    // The admin signs in, enrols the second factor and grants support.
    const adminPage = await signedIn(browser, admin, screen);
    await enrolAndEnter(adminPage, () => shoot(adminPage, `ops-enrol-${screen.width}`));
    await adminPage.getByRole("button", { name: "Roles" }).click();
    await adminPage.getByLabel("Account e-mail").fill(support.email);
    await adminPage.getByLabel("Role", { exact: true }).selectOption("support");
    await adminPage.getByRole("button", { name: "Grant" }).click();
    const confirmGrant = adminPage.getByRole("dialog", { name: "Change the role" });
    await expect(confirmGrant).toContainText(support.email);
    await confirmGrant.getByRole("button", { name: "Confirm" }).click();
    await expect(adminPage.getByText(`${support.email}: player → support`)).toBeVisible();
    await shoot(adminPage, `ops-roles-${screen.width}`);

    // The owner buys a building and gives it a name others find offensive.
    const ownerPage = await signedIn(browser, owner, screen);
    const { building } = await buyBuilding(ownerPage, request);
    const renamed = await request.put("/api/v1/buildings", {
      headers: await authHeaders(ownerPage),
      data: { buildingId: building.buildingId, name: "Offensive Tower" },
    });
    expect(renamed.ok(), `rename answered ${renamed.status()}`).toBe(true);

    // The reporter sees it on Property Details and reports the name.
    const reporterPage = await signedIn(browser, reporter, screen);
    await reporterPage.goto(detailsUrl(building));
    await expect(reporterPage.getByRole("heading", { level: 1, name: "Offensive Tower" })).toBeVisible();
    await reporterPage.getByRole("button", { name: "Report this name" }).click();
    const reportDialog = reporterPage.getByRole("dialog", { name: "Report this name" });
    await expect(reportDialog).toContainText("Offensive Tower");
    await reportDialog.getByLabel("What is wrong with it?").fill("An insult on the map");
    await shoot(reporterPage, `ops-report-dialog-${screen.width}`);
    await reportDialog.getByRole("button", { name: "Send report" }).click();
    await expect(reporterPage.getByText("an operator will look at your report")).toBeVisible();

    // Support signs in, passes the second factor, and resets the name from the reports queue.
    const supportPage = await signedIn(browser, support, screen);
    await enrolAndEnter(supportPage);
    await expect(supportPage.getByRole("button", { name: "Roles" })).toHaveCount(0);
    await supportPage.getByRole("button", { name: "Reports" }).click();
    const card = supportPage.getByRole("listitem", { name: "Report about Offensive Tower" });
    await expect(card).toContainText("An insult on the map");
    await expect(card).toContainText(reporter.userName);
    await shoot(supportPage, `ops-reports-${screen.width}`);
    await card.getByRole("button", { name: "Reset the name" }).click();
    const confirmReset = supportPage.getByRole("dialog", { name: "Accept: reset the name" });
    await confirmReset.getByRole("button", { name: "Confirm" }).click();
    await expect(supportPage.getByText("No open reports.")).toBeVisible();

    // The reporter's Property Details shows the building's own name again.
    await reporterPage.goto(detailsUrl(building));
    await expect(reporterPage.getByRole("heading", { level: 1, name: building.name })).toBeVisible();
    await expect(reporterPage.getByText("Offensive Tower")).toHaveCount(0);
    await shoot(reporterPage, `ops-reporter-sees-reset-${screen.width}`);

    // The audit log lists the grant, the second factors, the reset and the decision.
    await adminPage.getByRole("button", { name: "Audit log" }).click();
    const log = adminPage.getByRole("table", { name: "Newest first" });
    await expect(log).toContainText("role.grant");
    await expect(log).toContainText("building.reset-name");
    await expect(log).toContainText("report.accept");
    await expect(log).toContainText("Offensive Tower");
    await shoot(adminPage, `ops-audit-${screen.width}`);
  });
}
