// Lighthouse 12 (mobile, its default emulation and simulated throttling) against Debian's chromium,
// headless. Scores are 0–1 per category; the lab metrics that make up the performance score are kept too.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const METRICS = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"];

export async function runLighthouse(pages, { chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" } = {}) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
  try {
    const results = [];
    for (const page of pages) {
      const runner = await lighthouse(page.url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES });
      const lhr = runner.lhr;
      results.push({
        page: page.name,
        url: page.url,
        scores: Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c]?.score ?? null])),
        metrics: Object.fromEntries(METRICS.map((m) => [m, lhr.audits[m]?.numericValue ?? null])),
        failedAudits: Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "manual")
          .map((a) => a.id),
        runtimeError: lhr.runtimeError?.message ?? null,
      });
    }
    return results;
  } finally {
    await chrome.kill();
  }
}
