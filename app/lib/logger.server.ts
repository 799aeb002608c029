import { pino } from "pino";

// Structured JSON logs on stdout. Never log request bodies, cookies, secrets or card data.
export const logger = pino({
  level: process.env.LOG_LEVEL || (process.env.NODE_ENV === "test" ? "silent" : "info"),
  redact: { paths: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'], remove: true },
});
