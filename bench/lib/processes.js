// Child processes of the benchmark: servers pinned to one core, the load generator to the other.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";

const hasTaskset = existsSync("/usr/bin/taskset");
const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout) || 100;

/** The CPU time a process has used so far, all its threads, user and system (Linux), in ms. */
export function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS; // utime and stime, in clock ticks
}

/** `command args…` pinned to `core` with taskset (when the machine has it). */
export function pinned(core, command, args) {
  return hasTaskset && core !== null ? ["taskset", ["-c", String(core), command, ...args]] : [command, args];
}

export function startProcess(core, command, args, { env, cwd, log }) {
  const [cmd, argv] = pinned(core, command, args);
  const child = spawn(cmd, argv, { env: { ...process.env, ...env }, cwd, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (chunk) => {
    output = (output + chunk).slice(-20_000);
    log?.(chunk);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  return {
    child,
    exited,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls `url` until it answers 2xx (or the process dies, or `timeoutMs` passes). */
export async function waitForHttp(url, proc, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void proc.exited.then(() => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`The process for ${url} exited:\n${proc.output()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s:\n${proc.output()}`);
}

/** Runs a process to completion and returns its stdout (throws with its output when it fails). */
export async function runToEnd(core, command, args, { env, cwd } = {}) {
  const proc = startProcess(core, command, args, { env, cwd });
  let stdout = "";
  proc.child.stdout.on("data", (chunk) => (stdout += chunk));
  const { code } = await proc.exited;
  if (code !== 0) throw new Error(`${command} ${args.join(" ").slice(0, 200)} failed (${code}):\n${proc.output()}`);
  return stdout;
}
