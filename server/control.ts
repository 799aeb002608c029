// On the embedded database only the web process may open DATA_DIR/pglite, so `npm run backup` asks the running
// server to make the backup: over a Unix socket in DATA_DIR, which only the account that owns the data can reach
// (whoever can open it could read the database files anyway). With no server running, the command does the work itself.
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import path from "node:path";

import { logger } from "../app/lib/logger.server";

export const controlSocket = (dataDir: string) => path.resolve(dataDir, "control.sock");

/** Listens for `npm run backup` (POST /backup) on DATA_DIR/control.sock; a socket left by a dead server is replaced. */
export async function listenForControl(dataDir: string): Promise<Server> {
  const socket = controlSocket(dataDir);
  rmSync(socket, { force: true });
  const server = createServer((req, res) => {
    if (req.method !== "POST" || req.url !== "/backup") {
      res.writeHead(404).end();
      return;
    }
    void import("../app/modules/backups/backups.server")
      .then(({ runBackup }) => runBackup({ trigger: "cli" }))
      .then(
        (made) => res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(made)),
        (error: unknown) =>
          res
            .writeHead(500, { "Content-Type": "application/json" })
            .end(JSON.stringify({ message: error instanceof Error ? error.message : String(error) })),
      );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socket, resolve);
  });
  server.unref();
  logger.debug({ socket }, "listening for command-line requests");
  return server;
}

/**
 * Asks the server running on `dataDir` to make a backup. Null when no server answers (none is running); the
 * server's answer otherwise.
 */
export function askRunningServer(dataDir: string): Promise<{ status: number; body: Record<string, unknown> } | null> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: controlSocket(dataDir), path: "/backup", method: "POST" }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 500, body: JSON.parse(text || "{}") as Record<string, unknown> }),
      );
      res.on("error", reject);
    });
    req.on("error", (error: NodeJS.ErrnoException) =>
      error.code === "ENOENT" || error.code === "ECONNREFUSED" ? resolve(null) : reject(error),
    );
    req.end();
  });
}

const pidFile = (dataDir: string) => path.resolve(dataDir, "server.pid");

/** Records that this process owns DATA_DIR's embedded database (removed when it exits). */
export function markRunning(dataDir: string) {
  writeFileSync(pidFile(dataDir), `${process.pid}\n`);
  process.once("exit", () => rmSync(pidFile(dataDir), { force: true }));
}

/** Whether a live server process owns DATA_DIR's embedded database (its pid file names a running process). */
export function serverRunning(dataDir: string) {
  if (!existsSync(pidFile(dataDir))) return false;
  const pid = Number(readFileSync(pidFile(dataDir), "utf8").trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
