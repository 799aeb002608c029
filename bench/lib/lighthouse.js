// Lighthouse 12 (mobile, its default emulation and simulated throttling) against the tests' Chromium
// (scripts/find-browser.js), headless. Scores are 0–1 per category; the lab metrics that make up the performance score are kept too.
// Each page is audited `runs` times and the run with the median performance score is kept, as Lighthouse's
// own guidance on score variability advises: one run's throttled timings move with the host.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

import { findBrowser } from "../../scripts/find-browser.js";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const METRICS = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "speed-index",
];

export async function runLighthouse(pages, { chromePath = findBrowser({ install: false }).path, runs = 3 } = {}) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  try {
    const results = [];
    for (const page of pages) {
      const audits = [];
      for (let i = 0; i < runs; i++)
        audits.push(
          summarise(
            page,
            (
              await lighthouse(page.url, {
                port: chrome.port,
                output: "json",
                logLevel: "error",
                onlyCategories: CATEGORIES,
              })
            ).lhr,
          ),
        );
      const byPerformance = [...audits].sort((a, b) => (a.scores.performance ?? -1) - (b.scores.performance ?? -1));
      results.push({
        ...byPerformance[Math.floor((runs - 1) / 2)],
        performanceRuns: audits.map((a) => a.scores.performance),
      });
    }
    return results;
  } finally {
    await chrome.kill();
  }
}

function summarise(page, lhr) {
  return {
    page: page.name,
    url: page.url,
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c]?.score ?? null])),
    metrics: Object.fromEntries(METRICS.map((m) => [m, lhr.audits[m]?.numericValue ?? null])),
    failedAudits: Object.values(lhr.audits)
      .filter(
        (a) =>
          a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "manual",
      )
      .map((a) => a.id),
    runtimeError: lhr.runtimeError?.message ?? null,
  };
}
