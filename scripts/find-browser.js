#!/usr/bin/env node
// The Chromium that the browser tests (playwright.config.ts) and the benchmark's Lighthouse drive. Looked for
// in this order: CHROMIUM_PATH; Playwright's own browser, when `npx playwright install chromium` has put it
// there; Debian's /usr/bin/chromium. When none is there, Debian's package is installed if this runs as root
// where apt-get is; otherwise it stops with the one command to run.
//
// `node scripts/find-browser.js` (the first step of `npm test` and `npm run test:e2e`) does all that and prints
// the browser's path; code that needs the path calls findBrowser({ install: false }) after that step.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

export const DEBIAN_CHROMIUM = "/usr/bin/chromium";
export const APT_INSTALL = "apt-get update && apt-get install -y chromium";

export class BrowserNotFoundError extends Error {
  name = "BrowserNotFoundError";
}

/** Playwright's idea of its Chromium (a path, whether or not anything is installed there); undefined without Playwright. */
function playwrightChromium() {
  try {
    return createRequire(import.meta.url)("@playwright/test").chromium.executablePath();
  } catch {
    return undefined;
  }
}

const succeeds = (command, args) => spawnSync(command, args, { stdio: "ignore" }).status === 0;

/**
 * What the search asks of the machine; tests pass their own.
 * @typedef {{
 *   env: Record<string, string | undefined>,
 *   exists: (path: string) => boolean,
 *   playwrightPath: () => string | undefined,
 *   isRoot: () => boolean,
 *   hasApt: () => boolean,
 *   install: () => boolean,
 * }} Probes
 */

/** @type {Probes} */
export const systemProbes = {
  env: process.env,
  exists: existsSync,
  playwrightPath: playwrightChromium,
  isRoot: () => process.getuid?.() === 0,
  hasApt: () => succeeds("apt-get", ["--version"]),
  // apt's progress goes to stderr, so stdout stays the browser's path alone.
  install: () =>
    spawnSync("sh", ["-c", APT_INSTALL], {
      stdio: ["ignore", process.stderr, process.stderr],
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    }).status === 0,
};

/**
 * The browser's path and where it was found. Throws BrowserNotFoundError, with a one-line message that says
 * what to run, when there is none (and, with `install`, none could be installed).
 * @param {{ install?: boolean, probes?: Probes }} [options]
 * @returns {{ path: string, from: "CHROMIUM_PATH" | "playwright" | "debian" | "installed" }}
 */
export function findBrowser({ install = true, probes = systemProbes } = {}) {
  const chosen = probes.env.CHROMIUM_PATH;
  if (chosen) {
    if (probes.exists(chosen)) return { path: chosen, from: "CHROMIUM_PATH" };
    throw new BrowserNotFoundError(
      `CHROMIUM_PATH is ${chosen}, and there is no such file: point it at a Chromium or Chrome executable, or unset it.`,
    );
  }
  const playwright = probes.playwrightPath();
  if (playwright && probes.exists(playwright)) return { path: playwright, from: "playwright" };
  if (probes.exists(DEBIAN_CHROMIUM)) return { path: DEBIAN_CHROMIUM, from: "debian" };

  const apt = probes.hasApt();
  const root = probes.isRoot();
  if (install && apt && root) {
    if (probes.install() && probes.exists(DEBIAN_CHROMIUM)) return { path: DEBIAN_CHROMIUM, from: "installed" };
    throw new BrowserNotFoundError(
      `Installing Debian's chromium failed (apt-get's output is above): run "${APT_INSTALL}" and read what it says, or set CHROMIUM_PATH to a Chromium executable.`,
    );
  }
  const command = !apt
    ? "npx playwright install chromium"
    : root
      ? APT_INSTALL
      : "sudo apt-get update && sudo apt-get install -y chromium";
  throw new BrowserNotFoundError(
    `No Chromium for the browser tests: run "${command}" (or set CHROMIUM_PATH to a Chromium executable).`,
  );
}

/** For commands: the browser's path, or its one-line message and exit code 1. */
export function findBrowserOrExit() {
  try {
    return findBrowser().path;
  } catch (error) {
    if (!(error instanceof BrowserNotFoundError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(findBrowserOrExit());
