import v8 from "node:v8";

/**
 * Compiles WebAssembly (PGlite, Prisma's query compiler) with V8's optimising compiler from the start.
 * By default V8 first runs a quick baseline compile and recompiles hot functions later; with PGlite
 * under load that showed as pauses of 5–17 ms every few queries until the hot code was replaced, and
 * baseline code runs about three times slower meanwhile (200 `SELECT 1`: 124 ms → 50 ms). It costs
 * about a second more at start-up. Call it before any WebAssembly is loaded.
 */
export function optimiseWasmFromStart() {
  v8.setFlagsFromString("--no-liftoff");
}
