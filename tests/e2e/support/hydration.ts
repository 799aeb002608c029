import type { Page } from "@playwright/test";

/**
 * With JavaScript on, waits until the page's scripts have run: React has hydrated it (root.tsx marks <html>),
 * so a click on a link that opens a dialog is not taken as a plain navigation first; or, on a page sent
 * without React, its behaviours are attached (app/browser/main.ts marks <html data-enhanced>). Without
 * JavaScript it returns at once.
 */
export async function waitForHydration(page: Page, javaScriptEnabled: boolean | undefined) {
  if (javaScriptEnabled === false) return;
  await page.locator("html[data-hydrated], html[data-enhanced]").first().waitFor({ state: "attached" });
}

/**
 * Keeps the page's next form submission from leaving the page, so a test can look at the page while the
 * form is "on its way" (a page whose navigation is pending cannot be inspected). Listeners added now run
 * after the page's own, which see an ordinary submit.
 */
export async function holdNextSubmit(page: Page) {
  await page.evaluate(() => document.addEventListener("submit", (event) => event.preventDefault(), { once: true }));
}
