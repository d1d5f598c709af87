import { expect, test } from "./support/fixtures";
import { newUser } from "./support/users";

test.describe("The sign-up form", () => {
  test("Signing up without accepting the terms asks for them and sends nothing", async ({ page }) => {
    const player = newUser("terms");
    const apiCalls: string[] = [];
    // Only the form's own requests count: the username field asks whether the name is free while it is typed.
    page.on("request", (request) => {
      const url = request.url();
      if (url.includes("/api/") && !url.includes("/users/username-available")) apiCalls.push(url);
    });

    await page.goto("/signup");
    await expect(page.getByRole("heading", { name: "Create Account" })).toBeVisible();
    await page.getByLabel("Full Name").fill(player.fullName);
    await page.getByLabel("Username").fill(player.userName);
    await page.getByLabel("Email", { exact: true }).fill(player.email);
    await page.getByLabel("Password", { exact: true }).fill(player.password);
    await page.getByLabel("Confirm Password").fill(player.password);
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();

    await expect(page.getByRole("alert")).toHaveText("Please accept Privacy Policy & Terms.");
    expect(apiCalls).toEqual([]);
    await expect(page.getByRole("link", { name: /Privacy Policy & Terms/ })).toHaveAttribute(
      "href",
      "/privacy",
    );
  });

  test("Each password field shows and hides on its own", async ({ page }) => {
    await page.goto("/signup");
    const password = page.getByLabel("Password", { exact: true });
    const confirm = page.getByLabel("Confirm Password");
    await expect(password).toHaveAttribute("type", "password");
    await expect(confirm).toHaveAttribute("type", "password");

    await page.getByRole("button", { name: "Show password" }).first().click();
    await expect(password).toHaveAttribute("type", "text");
    await expect(confirm).toHaveAttribute("type", "password");

    await page.getByRole("button", { name: "Hide password" }).click();
    await expect(password).toHaveAttribute("type", "password");
  });

  test("Login and sign-up switch by route", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
  });
});
