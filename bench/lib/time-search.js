// Runs the built search timer (bench/entries/search-timing.ts) and prints its timings as JSON.
// Arguments: the built module's path, a JSON file of samples, and how many of them warm up untimed.
import { readFileSync } from "node:fs";

import { optimiseWasmFromStart } from "../../scripts/wasm-compiler.js";

// As the server runs it (server.js).
optimiseWasmFromStart();
const [modulePath, samplesFile, warmup] = process.argv.slice(2);
const { timeSearches } = await import(modulePath);
const result = await timeSearches(JSON.parse(readFileSync(samplesFile, "utf8")), Number(warmup));
process.stdout.write(JSON.stringify(result));
