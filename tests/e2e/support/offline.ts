import type { Page } from "@playwright/test";

/**
 * Keeps the browser on the test server: any request to another origin (the mortgage broker the
 * valuation flow redirects to, YouTube after pressing play) is answered here by a stand-in page and
 * never leaves the machine. Returns the list of those requests, for tests that assert there were none.
 */
export async function stayOnThisSite(page: Page, baseURL: string) {
  const origin = new URL(baseURL).origin;
  const outside: string[] = [];
  await page.context().route(
    (url) => url.origin !== origin,
    (route) => {
      outside.push(route.request().url());
      return route.fulfill({
        status: 200,
        contentType: "text/html",
        body: '<!doctype html><html lang="en"><title>Stand-in</title><h1>Stand-in for an outside site</h1></html>',
      });
    },
  );
  return outside;
}
