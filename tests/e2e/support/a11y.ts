import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

/**
 * Fails on serious or critical WCAG 2.x A/AA violations on the current page.
 * axe runs inside the page, so it needs JavaScript: in the no-JS project the same pages are checked by the
 * JS project's run of the same test (the server sends identical HTML to both).
 */
export async function expectAccessible(page: Page) {
  if (test.info().project.use.javaScriptEnabled === false) return;
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
    "accessibility violations",
  ).toEqual([]);
}
