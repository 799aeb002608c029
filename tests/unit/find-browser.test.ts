import { spawnSync } from "node:child_process";

import { describe, expect, test } from "vitest";

import { APT_INSTALL, BrowserNotFoundError, DEBIAN_CHROMIUM, findBrowser } from "../../scripts/find-browser.js";

const PLAYWRIGHT_CHROMIUM = "/root/.cache/ms-playwright/chromium-1200/chrome-linux/chrome";

/** A pretend machine: the files on it, who runs the tests and whether apt-get is there; `install` puts Debian's chromium on it. */
function machine({
  files = [] as string[],
  env = {} as Record<string, string>,
  playwright = PLAYWRIGHT_CHROMIUM as string | undefined,
  root = false,
  apt = false,
  installWorks = true,
} = {}) {
  const present = new Set(files);
  const calls = { install: 0 };
  const probes = {
    env,
    exists: (path: string) => present.has(path),
    playwrightPath: () => playwright,
    isRoot: () => root,
    hasApt: () => apt,
    install: () => {
      calls.install += 1;
      if (installWorks) present.add(DEBIAN_CHROMIUM);
      return installWorks;
    },
  };
  return { probes, calls };
}

const failure = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(BrowserNotFoundError);
    const message = (error as Error).message;
    expect(message).not.toContain("\n");
    return message;
  }
  throw new Error("expected no browser to be found");
};

describe("which browser the tests drive", () => {
  test("CHROMIUM_PATH first, over anything else on the machine", () => {
    const { probes } = machine({
      env: { CHROMIUM_PATH: "/opt/chrome/chrome" },
      files: ["/opt/chrome/chrome", PLAYWRIGHT_CHROMIUM, DEBIAN_CHROMIUM],
    });
    expect(findBrowser({ probes })).toEqual({ path: "/opt/chrome/chrome", from: "CHROMIUM_PATH" });
  });

  test("a CHROMIUM_PATH that names no file stops with that, rather than quietly using another browser", () => {
    const { probes, calls } = machine({
      env: { CHROMIUM_PATH: "/opt/chrome/chrome" },
      files: [DEBIAN_CHROMIUM],
      root: true,
      apt: true,
    });
    expect(failure(() => findBrowser({ probes }))).toBe(
      "CHROMIUM_PATH is /opt/chrome/chrome, and there is no such file: point it at a Chromium or Chrome executable, or unset it.",
    );
    expect(calls.install).toBe(0);
  });

  test("then Playwright's own browser, when it is installed", () => {
    expect(findBrowser({ probes: machine({ files: [PLAYWRIGHT_CHROMIUM, DEBIAN_CHROMIUM] }).probes })).toEqual({
      path: PLAYWRIGHT_CHROMIUM,
      from: "playwright",
    });
  });

  test("then Debian's chromium, when Playwright's is not installed or Playwright is not there", () => {
    expect(findBrowser({ probes: machine({ files: [DEBIAN_CHROMIUM] }).probes })).toEqual({
      path: DEBIAN_CHROMIUM,
      from: "debian",
    });
    expect(findBrowser({ probes: machine({ files: [DEBIAN_CHROMIUM], playwright: undefined }).probes })).toEqual({
      path: DEBIAN_CHROMIUM,
      from: "debian",
    });
  });

  test("with none, root with apt-get installs Debian's chromium, once", () => {
    const { probes, calls } = machine({ root: true, apt: true });
    expect(findBrowser({ probes })).toEqual({ path: DEBIAN_CHROMIUM, from: "installed" });
    expect(calls.install).toBe(1);
  });

  test("a failed install says so and what to run", () => {
    const { probes, calls } = machine({ root: true, apt: true, installWorks: false });
    expect(failure(() => findBrowser({ probes }))).toContain(`run "${APT_INSTALL}"`);
    expect(calls.install).toBe(1);
  });

  test("without the right to install, it stops at once with the command to run", () => {
    const notRoot = machine({ apt: true });
    expect(failure(() => findBrowser({ probes: notRoot.probes }))).toBe(
      'No Chromium for the browser tests: run "sudo apt-get update && sudo apt-get install -y chromium" (or set CHROMIUM_PATH to a Chromium executable).',
    );
    const noApt = machine({ root: true });
    expect(failure(() => findBrowser({ probes: noApt.probes }))).toBe(
      'No Chromium for the browser tests: run "npx playwright install chromium" (or set CHROMIUM_PATH to a Chromium executable).',
    );
    expect(notRoot.calls.install + noApt.calls.install).toBe(0);
  });

  test("asked only to look (the Playwright config), it never installs", () => {
    const { probes, calls } = machine({ root: true, apt: true });
    expect(failure(() => findBrowser({ install: false, probes }))).toBe(
      `No Chromium for the browser tests: run "${APT_INSTALL}" (or set CHROMIUM_PATH to a Chromium executable).`,
    );
    expect(calls.install).toBe(0);
  });
});

describe("node scripts/find-browser.js (the first step of npm test)", () => {
  const run = (CHROMIUM_PATH: string) =>
    spawnSync(process.execPath, ["scripts/find-browser.js"], {
      env: { ...process.env, CHROMIUM_PATH },
      encoding: "utf8",
    });

  test("prints the browser's path alone", () => {
    const found = run(process.execPath);
    expect(found.status).toBe(0);
    expect(found.stdout).toBe(`${process.execPath}\n`);
  });

  test("stops with one line on stderr, and nothing on stdout, when there is none", () => {
    const missing = run("/nonexistent/chromium");
    expect(missing.status).toBe(1);
    expect(missing.stdout).toBe("");
    expect(missing.stderr).toBe(
      "CHROMIUM_PATH is /nonexistent/chromium, and there is no such file: point it at a Chromium or Chrome executable, or unset it.\n",
    );
  });
});
