import { pino } from "pino";
import pretty from "pino-pretty";

export type LogFormat = "json" | "pretty";

/**
 * JSON lines for machines (a file, a pipe, a log collector: the e2e server log is read line by line), pretty
 * lines for people at a terminal; LOG_FORMAT=json|pretty decides either way. Read from process.env rather
 * than getEnv(): the logger exists before the settings are checked, and reports that check.
 */
export function chooseLogFormat(setting: string | undefined, stdoutIsTerminal: boolean): LogFormat {
  if (setting === "json" || setting === "pretty") return setting;
  return stdoutIsTerminal ? "pretty" : "json";
}

const options = {
  level: process.env.LOG_LEVEL || (process.env.NODE_ENV === "test" ? "silent" : "info"),
  // Never log request bodies, cookies, secrets or card data.
  redact: { paths: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'], remove: true },
};

// Pretty: one line per entry, in colour when the terminal has it, written at once so the last lines before
// an exit are not lost. A request's line says "GET /path 200 5ms" already: its status and time are not repeated.
const prettyLines = () =>
  pretty({ singleLine: true, ignore: "pid,hostname,res,durationMs", translateTime: "SYS:HH:MM:ss.l", sync: true });

export const logger =
  chooseLogFormat(process.env.LOG_FORMAT, process.stdout.isTTY === true) === "pretty"
    ? pino(options, prettyLines())
    : pino(options);
