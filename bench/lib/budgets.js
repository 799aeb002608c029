// The performance budgets (bench/budgets.json) checked against a benchmark result. Pure functions, so
// the comparison is unit-tested (tests/unit/bench-budgets.test.ts). A budget that needs a measurement
// the run did not make (a quick run without 100k listings, --no-lighthouse) is reported as skipped;
// the budgets at 1,000,000 listings (PostgreSQL only: PGlite stops at 100,000) are checked only for a
// database that was measured at that size, and left out of the report otherwise.

/** @returns {{ budget: string, subject: string, actual: number|null, limit: number, op: ">="|"<=", status: "pass"|"fail"|"skipped" }[]} */
export function evaluateBudgets(results, budgets) {
  const checks = [];
  const check = (budget, subject, actual, op, limit) => {
    const status =
      actual === null || actual === undefined || Number.isNaN(actual)
        ? "skipped"
        : (op === ">=" ? actual >= limit : actual <= limit)
          ? "pass"
          : "fail";
    checks.push({ budget, subject, actual: actual ?? null, op, limit, status });
  };
  const ssrCeiling = results.ceilings?.reactSsr?.rps ?? null;
  const jsonCeiling = results.ceilings?.nodeHttp?.rps ?? null;
  for (const db of results.databases ?? []) {
    for (const size of db.sizes) {
      const where = `${db.kind}, ${size.size.toLocaleString("en-GB")} listings`;
      for (const target of budgets.pageToSsrCeiling.targets) {
        const rps = size.http?.[target]?.rps;
        check(
          "pageToSsrCeiling",
          `${target} (${where})`,
          rps !== undefined && ssrCeiling ? rps / ssrCeiling : null,
          ">=",
          budgets.pageToSsrCeiling.min,
        );
      }
      // An uncached page against React rendering that page with the same data (bench/ceilings/page-ssr.js):
      // the ceiling's CPU time per request over the page's, both run at once on one core (costRatio), or,
      // from a run that did not measure that, their throughputs measured one after the other.
      for (const target of budgets.uncachedPageToPageSsrCeiling.targets) {
        const r = size.http?.[target];
        const ceiling = r?.page ? size.pageSsr?.[r.page]?.rps : null;
        check(
          "uncachedPageToPageSsrCeiling",
          `${target} (${where})`,
          r?.costRatio ?? (r?.rps !== undefined && ceiling ? r.rps / ceiling : null),
          ">=",
          budgets.uncachedPageToPageSsrCeiling.min,
        );
      }
      for (const target of budgets.apiToJsonCeiling.targets) {
        const rps = size.http?.[target]?.rps;
        check(
          "apiToJsonCeiling",
          `${target} (${where})`,
          rps !== undefined && jsonCeiling ? rps / jsonCeiling : null,
          ">=",
          budgets.apiToJsonCeiling.min,
        );
      }
    }
    const at = (n) => db.sizes.find((s) => s.size === n)?.searchDb?.p95 ?? null;
    check(
      "searchDbP95Ms",
      `search p95 in ${db.kind} at ${budgets.searchDbP95Ms.atSize.toLocaleString("en-GB")} listings`,
      at(budgets.searchDbP95Ms.atSize),
      "<=",
      budgets.searchDbP95Ms.max,
    );
    const atArea = (n) => db.sizes.find((s) => s.size === n)?.searchDbArea?.p95 ?? null;
    check(
      "searchAreaDbP95Ms",
      `drawn-area search p95 in ${db.kind} at ${budgets.searchAreaDbP95Ms.atSize.toLocaleString("en-GB")} listings`,
      atArea(budgets.searchAreaDbP95Ms.atSize),
      "<=",
      budgets.searchAreaDbP95Ms.max,
    );
    const from = at(budgets.searchDbGrowth.from);
    const to = at(budgets.searchDbGrowth.to);
    check(
      "searchDbGrowth",
      `search p95 growth in ${db.kind}, ${budgets.searchDbGrowth.from.toLocaleString("en-GB")} → ${budgets.searchDbGrowth.to.toLocaleString("en-GB")}`,
      from && to ? to / from : null,
      "<=",
      budgets.searchDbGrowth.max,
    );
    const million = budgets.searchDbP95MsAtMillion;
    if (million && db.sizes.some((s) => s.size === million.atSize)) {
      const count = million.atSize.toLocaleString("en-GB");
      check(
        "searchDbP95MsAtMillion",
        `search p95 in ${db.kind} at ${count} listings`,
        at(million.atSize),
        "<=",
        million.max,
      );
    }
    const millionArea = budgets.searchAreaDbP95MsAtMillion;
    if (millionArea && db.sizes.some((s) => s.size === millionArea.atSize)) {
      const count = millionArea.atSize.toLocaleString("en-GB");
      check(
        "searchAreaDbP95MsAtMillion",
        `drawn-area search p95 in ${db.kind} at ${count} listings`,
        atArea(millionArea.atSize),
        "<=",
        millionArea.max,
      );
    }
    // The whole uncached results page for one visitor (no queue), at a million listings.
    const page = budgets.searchPageAloneP95MsAtMillion;
    if (page && db.sizes.some((s) => s.size === page.atSize)) {
      check(
        "searchPageAloneP95MsAtMillion",
        `uncached results page p95, one visitor, in ${db.kind} at ${page.atSize.toLocaleString("en-GB")} listings`,
        db.sizes.find((s) => s.size === page.atSize)?.searchPageAlone?.latencyMs?.p95 ?? null,
        "<=",
        page.max,
      );
    }
    // Both searches, radius and drawn area, may at most double from the first size to the second.
    const growth = budgets.searchDbGrowthToMillion;
    if (growth && db.sizes.some((s) => s.size === growth.to)) {
      const span = `${growth.from.toLocaleString("en-GB")} → ${growth.to.toLocaleString("en-GB")}`;
      for (const [what, read] of [
        ["search", at],
        ["drawn-area search", atArea],
      ]) {
        const before = read(growth.from);
        const after = read(growth.to);
        check(
          "searchDbGrowthToMillion",
          `${what} p95 growth in ${db.kind}, ${span}`,
          before && after ? after / before : null,
          "<=",
          growth.max,
        );
      }
    }
  }
  for (const page of results.javascript ?? []) {
    check("jsGzipKb", `JavaScript on ${page.pathname}`, page.gzipBytes / 1024, "<=", budgets.jsGzipKb.max);
  }
  const lighthouse = results.lighthouse;
  for (const [category, min] of Object.entries(budgets.lighthouse)) {
    if (!lighthouse?.length) check("lighthouse", `Lighthouse ${category}`, null, ">=", min);
    for (const page of lighthouse ?? [])
      check("lighthouse", `Lighthouse ${category}, ${page.page}`, page.scores?.[category] ?? null, ">=", min);
  }
  return checks;
}

export const failedChecks = (checks) => checks.filter((c) => c.status === "fail");

const fmt = (n, digits = 1) =>
  n === null || n === undefined
    ? "–"
    : n.toLocaleString("en-GB", { maximumFractionDigits: digits, minimumFractionDigits: 0 });
const pct = (n) => (n === null || n === undefined ? "–" : `${(n * 100).toFixed(1)}%`);

/** The markdown report: machine, load tables with ratios to the ceilings, database timings, JS, Lighthouse, budgets. */
export function renderMarkdown(results, checks) {
  const lines = [];
  const m = results.machine;
  lines.push(`# MoveWise benchmark, ${results.date}`, "");
  lines.push(
    `Machine: ${m.cpus} × ${m.cpuModel}, ${m.memoryGb} GB, ${m.os}, Node ${m.node}; load average at start ${m.loadAverage.join(" / ")}.`,
  );
  lines.push(
    `Server pinned to core ${results.options.serverCore}, load generator (autocannon, ${results.options.connections} connections, ${results.options.duration} s after ${results.options.warmup} s warm-up) to core ${results.options.loadCore}.`,
    "",
  );
  const ceilingRow = (name, r) =>
    `| ${name} | ${fmt(r?.rps, 0)} | ${fmt(r?.latencyMs?.p50)} | ${fmt(r?.latencyMs?.p95)} | ${fmt(r?.latencyMs?.p99)} | 100% |`;
  for (const db of results.databases ?? []) {
    for (const size of db.sizes) {
      lines.push(`## ${db.kind}, ${size.size.toLocaleString("en-GB")} listings`, "");
      lines.push(
        "| target | req/s | p50 ms | p95 ms | p99 ms | of ceiling |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
      );
      lines.push(
        ceilingRow("ceiling: node:http JSON", results.ceilings.nodeHttp),
        ceilingRow("ceiling: React renderToString, 12 cards", results.ceilings.reactSsr),
      );
      for (const [name, r] of Object.entries(size.http ?? {})) {
        if (r.page) continue; // the uncached pages: in the table below, beside their cached figures
        const ceiling = r.ceiling === "nodeHttp" ? results.ceilings.nodeHttp : results.ceilings.reactSsr;
        lines.push(
          `| ${r.label ?? name} | ${fmt(r.rps, 0)} | ${fmt(r.latencyMs.p50)} | ${fmt(r.latencyMs.p95)} | ${fmt(r.latencyMs.p99)} | ${pct(ceiling?.rps ? r.rps / ceiling.rps : null)} |`,
        );
      }
      const uncached = Object.entries(size.http ?? {}).filter(([, r]) => r.page);
      if (uncached.length) {
        lines.push(
          "",
          `Cached (no cookie; the response cache answers repeats) and uncached (every request with cookies, distinct URLs), against React's renderToString of the same page with the same data (the root layout and the route's component, loader data taken from the server for the first of the uncached load's own URLs, rendered in turn; bench/entries/page-ssr.tsx). ${results.options?.pageWarmup ? `Each uncached page and its ceiling were first warmed up alike for ${results.options.pageWarmup} s (the same pages, the app's with a cookie). Alone: the page's run, against the mean of the ceiling's runs just before and after it (both in brackets; latency: the run before). At once: ${results.options.pageRounds ?? 1} runs of the page and its ceiling at the same time on the same core, each process's CPU time per request compared (the ceiling's over the page's: the budget, from the median run; every run's costs shown). On PostgreSQL the CPU time its processes serving the app used in those runs is shown too (page + database), and the last column counts it in; on PGlite the database runs in the app's process, so its work is in the page's cost already:` : ""}`,
          "",
          "| page | cached req/s | p50 | p95 | p99 | uncached req/s | p50 | p95 | p99 | distinct / sent | same-page ceiling req/s | p50 | p95 | p99 | uncached of ceiling, alone | CPU ms a request at once, page / ceiling | uncached of ceiling, at once | at once, with the database's processes |",
          "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
        );
        for (const [, u] of uncached) {
          const c = size.http[u.page];
          const ceiling = size.pageSsr?.[u.page];
          const lat = (r) => `${fmt(r?.latencyMs?.p50)} | ${fmt(r?.latencyMs?.p95)} | ${fmt(r?.latencyMs?.p99)}`;
          lines.push(
            `| ${c?.label ?? u.page} | ${fmt(c?.rps, 0)} | ${lat(c)} | ${fmt(u.rps, 0)} | ${lat(u)} | ${u.sent ? `${fmt(Math.min(u.sent, u.distinctRequests), 0)} / ${fmt(u.sent, 0)}` : "–"} | ${fmt(ceiling?.rps, 0)}${ceiling?.runs ? ` (${ceiling.runs.map((r) => fmt(r, 0)).join(", ")})` : ""} | ${lat(ceiling)} | ${pct(ceiling?.rps ? u.rps / ceiling.rps : null)} | ${u.together?.length ? u.together.map((r) => `${fmt(r.appCpuMsPerRequest, 2)}${r.databaseCpuMsPerRequest === undefined ? "" : ` + ${fmt(r.databaseCpuMsPerRequest, 2)}`} / ${fmt(r.ceilingCpuMsPerRequest, 2)}`).join("; ") : "–"} | ${pct(u.costRatio)} | ${pct(u.costRatioWithDatabase)} |`,
          );
        }
        const sizes = uncached
          .map(([, u]) => [u, size.pageSsr?.[u.page]])
          .filter(([, c]) => c?.bytes)
          .map(
            ([u, c]) =>
              `${c.pages ?? 1} pages from ${c.url}: ${fmt(c.bytes / 1024)} KB rendered on average, ${fmt(c.appBytes / 1024)} KB from the app${u.bytesPerResponse ? ` (the measured load's answers: ${fmt(u.bytesPerResponse / 1024)} KB, headers included)` : ""}`,
          );
        if (sizes.length)
          lines.push("", `The ceiling's pages beside the app's own answer (uncompressed): ${sizes.join("; ")}.`);
      }
      if (size.searchPageAlone)
        lines.push(
          "",
          `The uncached results page for one visitor at a time (cookie, distinct URLs, no queue): ${fmt(size.searchPageAlone.rps, 0)} req/s, p50 ${fmt(size.searchPageAlone.latencyMs.p50)} ms, p95 ${fmt(size.searchPageAlone.latencyMs.p95)} ms, p99 ${fmt(size.searchPageAlone.latencyMs.p99)} ms.`,
        );
      for (const [what, search] of [
        ["Search", size.searchDb],
        ["Drawn-area search", size.searchDbArea],
        ["District and area search", size.searchDbPlace],
      ]) {
        if (!search) continue;
        const { service } = search;
        lines.push(
          "",
          `${what} in the database (${search.count} random searches${search.rounds > 1 ? ` in ${search.rounds} rounds, the median of the rounds' figures` : ""}, ${fmt(search.meanMatches, 0)} matches on average, each search's SQL statements timed at the driver): p50 ${fmt(search.p50, 2)} ms, p95 ${fmt(search.p95, 2)} ms, p99 ${fmt(search.p99, 2)} ms${search.roundP95 ? ` (p95 per round: ${search.roundP95.map((v) => fmt(v, 2)).join(", ")})` : ""}.`,
        );
        if (service)
          lines.push(
            `The whole service call (place lookup, Prisma and results around those statements): p50 ${fmt(service.p50, 2)} ms, p95 ${fmt(service.p95, 2)} ms, p99 ${fmt(service.p99, 2)} ms.`,
          );
      }
      lines.push("");
    }
  }
  if (results.javascript?.length) {
    lines.push(
      "## JavaScript per public page (gzip, from the served HTML)",
      "",
      "| page | KB | of which inline scripts |",
      "| --- | ---: | ---: |",
    );
    for (const page of results.javascript)
      lines.push(
        `| ${page.pathname} | ${fmt(page.gzipBytes / 1024)} | ${page.inlineGzipBytes === undefined ? "" : fmt(page.inlineGzipBytes / 1024)} |`,
      );
    if (results.lazyChunks?.length)
      lines.push(
        "",
        `Loaded on demand only: ${results.lazyChunks.map((c) => `${c.url.replace("/assets/", "")} ${fmt(c.gzip / 1024)} KB`).join(", ")}.`,
      );
    lines.push("");
  }
  if (results.lighthouse?.length) {
    lines.push(
      "## Lighthouse (mobile)",
      "",
      "| page | performance | accessibility | best practices | SEO | LCP ms | TBT ms | CLS |",
      "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    );
    for (const p of results.lighthouse) {
      lines.push(
        `| ${p.page} | ${fmt(p.scores.performance, 2)} | ${fmt(p.scores.accessibility, 2)} | ${fmt(p.scores["best-practices"], 2)} | ${fmt(p.scores.seo, 2)} | ${fmt(p.metrics["largest-contentful-paint"], 0)} | ${fmt(p.metrics["total-blocking-time"], 0)} | ${fmt(p.metrics["cumulative-layout-shift"], 3)} |`,
      );
    }
    const runs = results.lighthouse.filter((p) => p.performanceRuns?.length > 1);
    if (runs.length)
      lines.push(
        "",
        `Each page audited ${runs[0].performanceRuns.length} times; the run with the median performance score is shown (performance per run: ${runs.map((p) => `${p.page} ${p.performanceRuns.map((v) => fmt(v, 2)).join(" / ")}`).join("; ")}).`,
      );
    lines.push("");
  }
  lines.push("## Budgets", "", "| budget | measured | limit | result |", "| --- | ---: | ---: | --- |");
  for (const c of checks) {
    const value = c.budget.endsWith("Ceiling") ? pct(c.actual) : fmt(c.actual, 2);
    const limit = c.budget.endsWith("Ceiling") ? pct(c.limit) : fmt(c.limit, 2);
    lines.push(
      `| ${c.subject} | ${value} | ${c.op} ${limit} | ${c.status === "pass" ? "pass" : c.status === "fail" ? "**FAIL**" : "skipped"} |`,
    );
  }
  return `${lines.join("\n")}\n`;
}
