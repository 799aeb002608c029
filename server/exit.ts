// How start-up and the command-line tools stop on a problem: a bad setting is explained in one line
// (ConfigError names the variable); anything else is logged in full.
import { ConfigError, type Env, getEnv } from "../app/lib/env.server";
import { logger } from "../app/lib/logger.server";

export function exitWith(error: unknown): never {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    logger.fatal({ err: error }, "start-up failed");
  }
  process.exit(1);
}

/** The validated settings, or the process ends saying which one is wrong. */
export function settingsOrExit(): Env {
  try {
    return getEnv();
  } catch (error) {
    exitWith(error);
  }
}
