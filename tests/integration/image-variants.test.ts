import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { newStorageKey, saveFile, uploadsDir } from "../../app/modules/media/storage.server";
import { variantCacheDir } from "../../app/modules/media/variants.server";
import { loader } from "../../app/routes/img";
import { storedPhoto } from "../support/listings";

const get = (width: string, key: string) => loader({ request: new Request(`http://localhost/img/${width}/${key}`), params: { width, "*": key }, context: {} } as never);

describe("GET /img/:width/*", () => {
  test("resizes a stored photo to WebP once, then serves the cached file for a year", async () => {
    const key = await storedPhoto();
    const response = await get("640", key);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 640, height: 427 });
    const cached = path.join(variantCacheDir(), "640", `${key}.webp`);
    expect(existsSync(cached)).toBe(true);

    // The original can go: the cached variant is what is served.
    await rm(path.join(uploadsDir(), key));
    expect((await get("640", key)).status).toBe(200);
  });

  test("never enlarges: a width above the original gives the original size", async () => {
    const key = await storedPhoto();
    const response = await get("1920", key);
    expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width).toBe(1200);
  });

  test.each([
    ["an unlisted width", "500", "images/abc.jpg", 404],
    ["a width with extra characters", "640.0", "images/abc.jpg", 404],
    ["a missing image", "640", "images/0123456789abcdef.jpg", 404],
    ["path traversal", "640", "../../etc/passwd.jpg", 400],
    ["an encoded traversal", "640", "images/..%2F..%2Fsecret.jpg", 400],
    ["a document", "640", "documents/abc.pdf", 400],
  ])("refuses %s", async (_, width, key, status) => {
    const response = await get(width, key);
    expect(response.status).toBe(status);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });

  test("a file that is not really an image is a 404, not a 500", async () => {
    const key = newStorageKey("images", "jpg");
    await saveFile(key, new TextEncoder().encode("not a jpeg"));
    expect((await get("320", key)).status).toBe(404);
  });
});
