import type { Page } from "@playwright/test";

/**
 * With JavaScript on, waits until React has hydrated the page (root.tsx marks <html>), so a click on a
 * link that opens a dialog is not taken as a plain navigation first. Without JavaScript it returns at once,
 * and so it does for a page sent without scripts (`handle = { hydrate: false }`, <html data-no-hydration>).
 */
export async function waitForHydration(page: Page, javaScriptEnabled: boolean | undefined) {
  if (javaScriptEnabled === false) return;
  await page.locator("html[data-hydrated], html[data-no-hydration]").first().waitFor({ state: "attached" });
}
