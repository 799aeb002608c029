// Resized WebP copies of stored images for srcset. Each (width, key) pair is rendered once with sharp and
// kept in the FileStore beside the original (on disk or in the bucket, so every app process shares them),
// under variants/<width>/…; later requests read that copy. An image and its copies go together:
// deleteMedia() removes them all, and a copy finished after its original was deleted is removed again, so
// /img never serves a picture that /media no longer has.
import sharp from "sharp";

import { ServiceError } from "../../lib/service-error";
import { IMAGE_WIDTHS, type ImageWidth, isImageWidth } from "./images";
import { fileStore, isStorageKey } from "./storage.server";

const RESIZABLE = /\.(jpe?g|png|webp|gif|avif|tiff?)$/i;

/** Where the copy of `key` at `width` is kept: a storage key of its own ("images/ab.webp" → "variants/640/images/ab-webp.webp"). */
export const variantKey = (key: string, width: ImageWidth) => `variants/${width}/${key.replace(/\./g, "-")}.webp`;

const noSuchImage = () => new ServiceError(404, "No such image.");

const inFlight = new Map<string, Promise<Uint8Array>>();

async function render(key: string, width: ImageWidth) {
  const store = fileStore();
  const original = await store.get(key);
  if (!original) throw noSuchImage();
  let output: Buffer;
  try {
    output = await sharp(original, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 78, effort: 4 })
      .toBuffer();
  } catch {
    throw new ServiceError(404, "This file is not an image that can be resized.");
  }
  const target = variantKey(key, width);
  await store.put(target, output);
  // Deleted while this copy was being made: deleteMedia() may have run before the copy existed.
  if (!(await store.exists(key))) {
    await store.delete(target);
    throw noSuchImage();
  }
  return output;
}

/** The WebP bytes of `key` at `width` px wide (never wider than the original). */
export async function imageVariant(widthText: string, key: string): Promise<Uint8Array> {
  const width = Number(widthText);
  if (!/^\d+$/.test(widthText) || !isImageWidth(width)) throw new ServiceError(404, "Unknown image width.");
  // private/ holds buyers' proof of funds: never resized in public.
  if (!isStorageKey(key) || !RESIZABLE.test(key) || key.startsWith("variants/") || key.startsWith("private/"))
    throw new ServiceError(400, "Not an image address.");
  const target = variantKey(key, width);
  const stored = await fileStore().get(target);
  if (stored) return stored;
  let pending = inFlight.get(target);
  if (!pending) {
    pending = render(key, width).finally(() => inFlight.delete(target));
    inFlight.set(target, pending);
  }
  return pending;
}

/** Deletes a stored file and, for an image, every resized copy of it. The original goes first, so a copy being made meanwhile is removed by render(). */
export async function deleteMedia(key: string) {
  const store = fileStore();
  await store.delete(key);
  if (RESIZABLE.test(key)) await Promise.all(IMAGE_WIDTHS.map((width) => store.delete(variantKey(key, width))));
}
