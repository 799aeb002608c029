// Where uploaded and seeded files live: DATA_DIR/uploads/<key>, served at /media/<key>.
// Keys are generated, never taken from a user's file name, and never reused.
import { randomBytes } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { getEnv } from "../../lib/env.server";

const KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.[a-z0-9]+$/;

export function uploadsDir(dataDir = getEnv().DATA_DIR) {
  return path.join(dataDir, "uploads");
}

export function newStorageKey(folder: string, extension: string) {
  return `${folder}/${randomBytes(12).toString("hex")}.${extension.toLowerCase()}`;
}

/** Whether `key` has the shape of a generated key (no "..", no leading slash), so it is safe in a file path. */
export const isStorageKey = (key: string) => KEY.test(key);

export function fileFor(key: string, dataDir?: string) {
  if (!isStorageKey(key)) throw new Error(`Invalid storage key: ${key}`);
  return path.join(uploadsDir(dataDir), key);
}

export async function saveFile(key: string, data: Uint8Array, dataDir?: string) {
  const file = fileFor(key, dataDir);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, data);
}

export async function deleteFile(key: string, dataDir?: string) {
  await rm(fileFor(key, dataDir), { force: true });
}

export const mediaUrl = (key: string) => `/media/${key}`;
