import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

const DIGITAL_ASSETS_PAGE = "https://www.investor.gov/additional-resources/spotlight/crypto-assets";

function sidebar(page: Page) {
  return page.getByRole("navigation", { name: "Legal topics" });
}

function topicButton(page: Page, name: string) {
  return sidebar(page).getByRole("button", { name, exact: true });
}

/** The topic list a sidebar button opens (found through its aria-controls). */
async function topicList(page: Page, name: string) {
  const listId = await topicButton(page, name).getAttribute("aria-controls");
  return page.locator(`[id="${listId}"]`);
}

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

test.describe("Legal pages", () => {
  test("A visitor opens one topic list at a time and its links scroll to the section", async ({ page }) => {
    await page.goto("/privacy");
    await expect(page).toHaveTitle(/Privacy Notice/);
    await expect(page.getByRole("heading", { level: 1, name: "Legal Terms" })).toBeVisible();
    await expect(
      page.getByRole("main").getByRole("heading", { level: 2, name: "Privacy Notice" }),
    ).toBeVisible();

    // The route's own list is open on arrival, the others are closed.
    await expect(topicButton(page, "Privacy Notice")).toHaveAttribute("aria-expanded", "true");
    for (const name of ["Terms of Services", "End User License Agreement", "Disclaimer"]) {
      await expect(topicButton(page, name)).toHaveAttribute("aria-expanded", "false");
    }
    const privacyTopics = (await topicList(page, "Privacy Notice")).getByRole("link");
    await expect(privacyTopics).toHaveCount(15);
    await expect(privacyTopics.first()).toHaveText("1. Personal information we collect");
    await expect(privacyTopics.first()).toHaveAttribute("href", "/privacy#personal-information");
    await expect(page.getByRole("main").getByRole("link", { name: "Return to Privacy Notice" })).toHaveCount(
      15,
    );

    // Opening another list closes the first.
    await topicButton(page, "Terms of Services").click();
    await expect(topicButton(page, "Terms of Services")).toHaveAttribute("aria-expanded", "true");
    await expect(topicButton(page, "Privacy Notice")).toHaveAttribute("aria-expanded", "false");
    await expect(await topicList(page, "Privacy Notice")).toBeHidden();
    const termsTopics = (await topicList(page, "Terms of Services")).getByRole("link");
    await expect(termsTopics).toHaveCount(17);
    await expect(termsTopics.first()).toHaveText("The Application");
    await expect(termsTopics.last()).toHaveText("Miscellaneous");

    // The keyboard works the accordion too.
    await topicButton(page, "Disclaimer").focus();
    await page.keyboard.press("Enter");
    await expect(topicButton(page, "Disclaimer")).toHaveAttribute("aria-expanded", "true");
    await expect(topicButton(page, "Terms of Services")).toHaveAttribute("aria-expanded", "false");
    await expect((await topicList(page, "Disclaimer")).getByRole("link")).toHaveText([
      "Website Disclaimer",
      "External Links Disclaimer",
      "Professional Disclaimer",
    ]);
    await page.keyboard.press("Space");
    await expect(topicButton(page, "Disclaimer")).toHaveAttribute("aria-expanded", "false");

    await topicButton(page, "End User License Agreement").click();
    await expect((await topicList(page, "End User License Agreement")).getByRole("link")).toHaveCount(1);

    // A topic link goes to /{page}#{section} and brings the section into view.
    await topicButton(page, "Terms of Services").click();
    await sidebar(page).getByRole("link", { name: "Miscellaneous" }).click();
    await expect(page).toHaveURL(/\/terms#miscellaneous$/);
    const miscellaneous = page.getByRole("heading", { level: 3, name: "Miscellaneous" });
    await expect(miscellaneous).toBeInViewport();
    await expect(miscellaneous).toBeFocused();
    await expect(page).toHaveTitle(/Terms of Services/);

    await topicButton(page, "Privacy Notice").click();
    await sidebar(page).getByRole("link", { name: "10. Minors" }).click();
    await expect(page).toHaveURL(/\/privacy#minors$/);
    await expect(page.getByRole("heading", { level: 3, name: "10. Minors" })).toBeInViewport();
    await expect(topicButton(page, "Privacy Notice")).toHaveAttribute("aria-expanded", "true");
    await expect(sidebar(page).getByRole("link", { name: "10. Minors" })).toHaveAttribute(
      "aria-current",
      "location",
    );

    // Each privacy section leads back to the start of the notice.
    await page
      .getByRole("region", { name: "10. Minors" })
      .getByRole("link", { name: "Return to Privacy Notice" })
      .click();
    await expect(page).toHaveURL(/\/privacy#privacy-notice$/);
    await expect(
      page.getByRole("main").getByRole("heading", { level: 2, name: "Privacy Notice" }),
    ).toBeInViewport();
  });

  test("A visitor arriving with a section in the address lands on that section", async ({ page }) => {
    await page.goto("/terms#defects-and-warranties");
    await expect(page.getByRole("heading", { level: 3, name: "Defects and Warranties" })).toBeInViewport();
    await expect(topicButton(page, "Terms of Services")).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("region", { name: "Defects and Warranties" })).toContainText("within 3 days");

    await page.goto("/disclaimer");
    await expect(page.getByRole("heading", { level: 2, name: "Disclaimer" })).toBeInViewport();
    await expect(topicButton(page, "Disclaimer")).toHaveAttribute("aria-expanded", "true");
    expect(await scrollY(page)).toBeGreaterThan(0);
  });

  test("The license opens at /EULA as well as at /eula", async ({ page }) => {
    for (const path of ["/EULA", "/eula"]) {
      await page.goto(path);
      await expect(page).toHaveTitle(/End User License Agreement/);
      await expect(topicButton(page, "End User License Agreement")).toHaveAttribute("aria-expanded", "true");
      await expect(
        page.getByRole("main").getByRole("heading", { level: 2, name: "End User License Agreement" }),
      ).toBeInViewport();
    }
  });

  test("The go-to-top button appears after 50 px of scrolling and takes the reader back up", async ({
    page,
  }) => {
    await page.goto("/privacy");
    // The reader scrolls once the text is shown (the legal pages' chunk comes after the first load).
    await expect(page.getByRole("heading", { level: 1, name: "Legal Terms" })).toBeVisible();
    const goToTop = page.getByRole("button", { name: "Go to top" });
    await expect(goToTop).toHaveCount(0);

    await page.evaluate(() => window.scrollTo(0, 40));
    await expect.poll(() => scrollY(page)).toBe(40);
    await expect(goToTop).toHaveCount(0);

    await page.evaluate(() => window.scrollTo(0, 1200));
    await expect(goToTop).toBeVisible();
    await goToTop.click();
    await expect.poll(() => scrollY(page)).toBe(0);
    await expect(goToTop).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1, name: "Legal Terms" })).toBeFocused();
  });

  test("On a narrow screen the sidebar folds behind a Topics button", async ({ page }) => {
    await page.setViewportSize({ width: 551, height: 800 });
    await page.goto("/terms");
    await expect(topicButton(page, "Terms of Services")).toBeVisible();
    await expect(sidebar(page).getByRole("button", { name: "Topics" })).toBeHidden();

    await page.setViewportSize({ width: 375, height: 740 });
    const toggle = sidebar(page).getByRole("button", { name: "Topics" });
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(topicButton(page, "Terms of Services")).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(topicButton(page, "Terms of Services")).toHaveAttribute("aria-expanded", "true");
    await sidebar(page).getByRole("link", { name: "Acceptable Use" }).click();
    await expect(page).toHaveURL(/\/terms#acceptable-use$/);
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    const heading = page.getByRole("heading", { level: 3, name: "Acceptable Use" });
    await expect(heading).toBeInViewport();
    // Not hidden behind the sticky Topics bar.
    const toggleBox = await toggle.boundingBox();
    const headingBox = await heading.boundingBox();
    expect(headingBox?.y ?? 0).toBeGreaterThan((toggleBox?.y ?? 0) + (toggleBox?.height ?? 0));

    // Escape folds the menu and returns to its button.
    await toggle.click();
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();
  });

  test("A signed-in player finds the legal documents under Legal Terms", async ({
    page,
    logIn,
    existingPlayer,
  }) => {
    await page
      .context()
      .route("https://www.investor.gov/**", (route) =>
        route.fulfill({ contentType: "text/html", body: "<title>Crypto Assets</title>" }),
      );
    await logIn(existingPlayer);
    await page.goto("/profile");
    await page.getByRole("link", { name: "Legal Terms" }).click();
    await expect(page).toHaveURL(/\/legal$/);
    await expect(page.getByRole("heading", { level: 1, name: "Legal Terms" })).toBeVisible();

    const list = page.getByRole("navigation", { name: "Legal documents" });
    await expect(list.getByRole("link")).toHaveCount(4);
    await expect(list.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
    await expect(list.getByRole("link", { name: "Terms & Conditions" })).toHaveAttribute("href", "/terms");
    await expect(list.getByRole("link", { name: "Disclaimer" })).toHaveAttribute("href", "/disclaimer");

    const external = list.getByRole("link", { name: /Digital Assets/ });
    await expect(external).toHaveAttribute("href", DIGITAL_ASSETS_PAGE);
    await expect(external).toHaveAttribute("target", "_blank");
    await expect(external).toHaveAttribute("rel", "noopener noreferrer");
    const [tab] = await Promise.all([page.context().waitForEvent("page"), external.click()]);
    await expect(tab).toHaveURL(DIGITAL_ASSETS_PAGE);
    await tab.close();
    await expect(page).toHaveURL(/\/legal$/);

    await list.getByRole("link", { name: "Terms & Conditions" }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(
      page.getByRole("main").getByRole("heading", { level: 2, name: "Terms of Services" }),
    ).toBeInViewport();
  });

  test("A signed-out visitor is sent to login from /legal but can read the legal pages", async ({ page }) => {
    await page.goto("/legal");
    await expect(page).toHaveURL(/\/login$/);

    await page.goto("/privacy");
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(
      page.getByRole("main").getByRole("heading", { level: 2, name: "Privacy Notice" }),
    ).toBeVisible();
  });
});
