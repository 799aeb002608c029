import { expect, test } from "@playwright/test";

import { expectAccessible } from "./support/a11y";

test.describe("site layout", () => {
  test("home page has the navbar, the footer and the data attribution", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "The Smarter Way To Sell Your Home" })).toBeVisible();

    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Why Choose Us" })).toHaveAttribute("href", "/why-choose-us");
    await expect(nav.getByRole("link", { name: "About Us" })).toHaveAttribute("href", "/about");
    await expect(nav.getByRole("link", { name: "Book House Valuation" })).toHaveAttribute("href", "/valuation");
    await expect(nav.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");

    const footer = page.getByRole("contentinfo");
    await expect(footer.getByText("Sales", { exact: true })).toBeVisible();
    await expect(footer.getByText("Help", { exact: true })).toBeVisible();
    await expect(footer.getByText("Contains OS data © Crown copyright and database right 2025.")).toBeVisible();
    await expect(footer.getByText(/Royal Mail copyright and database right 2025/)).toBeVisible();
    await expect(footer.getByRole("img", { name: /Payment methods/ })).toBeVisible();
    await expect(footer.getByText(/© \d{4} MoveWise/)).toBeVisible();
    await page.screenshot({ path: "test-results/screens/home.png", fullPage: true });
    for (const name of ["Privacy", "Cookies", "Terms"]) {
      await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", /^\/privacy-policy/);
    }
    await expectAccessible(page);
  });

  test("the Contact menu shows the phone number and the Contact Us link", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.locator("summary:visible", { hasText: "Contact" }).click();
    await expect(nav.locator("a:visible", { hasText: "0330 912 4570" })).toHaveAttribute("href", "tel:03309124570");
    await expect(nav.locator("a:visible", { hasText: "Contact Us" })).toHaveAttribute("href", "/contact-us");
  });

  test("the mobile menu opens below 768 px", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    // The desktop bar's link and the closed mobile menu's link are both hidden at this width.
    await expect(nav.locator('a[href="/why-choose-us"]')).toHaveCount(2);
    await expect(nav.locator('a[href="/why-choose-us"]:visible')).toHaveCount(0);
    await nav.locator("summary:visible", { hasText: "Menu" }).click();
    await expect(nav.locator("a:visible", { hasText: "Why Choose Us" })).toHaveCount(1);
    await expect(nav.locator("a:visible", { hasText: "Book House Valuation" }).last()).toBeVisible();
    await expect(nav.locator("a:visible", { hasText: "Login" })).toHaveCount(1);
    await expectAccessible(page);
    await page.screenshot({ path: "test-results/screens/mobile-menu.png" });
  });
});

test.describe("errors", () => {
  test("an unknown address answers 404 with the still-being-built page", async ({ page }) => {
    const response = await page.goto("/no-such-page/at-all");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "We're still building this page" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expectAccessible(page);
  });

  test("a loader that throws gives the friendly 500 page without internals", async ({ page }) => {
    const response = await page.goto("/__e2e/crash");
    expect(response?.status()).toBe(500);
    await expect(page.getByRole("heading", { level: 1, name: "Sorry, something went wrong" })).toBeVisible();
    const html = await page.content();
    expect(html).not.toContain("Deliberate failure");
    expect(html).not.toMatch(/at \w+ \(.*:\d+:\d+\)/);
  });
});
