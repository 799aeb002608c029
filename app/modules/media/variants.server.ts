// Resized WebP copies of stored images (read through the FileStore, so from disk or the bucket) for srcset. Each (width, key) pair is rendered once with sharp and
// kept under DATA_DIR/cache/images; later requests read the file. Writes go to a temporary name and are
// renamed into place, so concurrent requests (or processes) never serve a half-written file.
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { getEnv } from "../../lib/env.server";
import { type ImageWidth, isImageWidth } from "./images";
import { fileStore, isStorageKey } from "./storage.server";

const RESIZABLE = /\.(jpe?g|png|webp|gif|avif|tiff?)$/i;

export class VariantError extends Error {
  override name = "VariantError";
  constructor(
    readonly status: 400 | 404,
    message: string,
  ) {
    super(message);
  }
}

export function variantCacheDir(dataDir = getEnv().DATA_DIR) {
  return path.join(dataDir, "cache", "images");
}

const inFlight = new Map<string, Promise<Buffer>>();

async function render(key: string, target: string, width: ImageWidth) {
  const original = await fileStore().get(key);
  if (!original) throw new VariantError(404, "No such image.");
  let output: Buffer;
  try {
    output = await sharp(original, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 78, effort: 4 })
      .toBuffer();
  } catch {
    throw new VariantError(404, "This file is not an image that can be resized.");
  }
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    await writeFile(temporary, output);
    await rename(temporary, target);
  } finally {
    await rm(temporary, { force: true });
  }
  return output;
}

/** The WebP bytes of `key` at `width` px wide (never wider than the original). */
export async function imageVariant(widthText: string, key: string): Promise<Buffer> {
  const width = Number(widthText);
  if (!/^\d+$/.test(widthText) || !isImageWidth(width)) throw new VariantError(404, "Unknown image width.");
  if (!isStorageKey(key) || !RESIZABLE.test(key)) throw new VariantError(400, "Not an image address.");
  const target = path.join(variantCacheDir(), String(width), `${key}.webp`);
  const cached = await readFile(target).catch(() => null);
  if (cached) return cached;
  let pending = inFlight.get(target);
  if (!pending) {
    pending = render(key, target, width).finally(() => inFlight.delete(target));
    inFlight.set(target, pending);
  }
  return pending;
}
