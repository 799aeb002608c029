import sharp from "sharp";
import { describe, expect, test, vi } from "vitest";

import { prisma } from "../../app/lib/db.server";
import { IMAGE_WIDTHS } from "../../app/modules/media/images";
import { fileStore, newStorageKey, saveFile } from "../../app/modules/media/storage.server";
import { deleteSectionMedia } from "../../app/modules/media/uploads.server";
import { deleteMedia, variantKey } from "../../app/modules/media/variants.server";
import { deleteAdminProject } from "../../app/modules/projects/admin-projects.server";
import { loader } from "../../app/routes/img";
import { setupTestDatabase } from "../support/database";
import { createListing, storedPhoto } from "../support/listings";
import { account } from "../support/payments";

setupTestDatabase();

const get = (width: string, key: string) =>
  loader({
    request: new Request(`http://localhost/img/${width}/${key}`),
    params: { width, "*": key },
    context: {},
  } as never);

describe("GET /img/:width/*", () => {
  test("resizes a stored photo to WebP once, keeps the copy beside it in the file store, and serves that for a year", async () => {
    const key = await storedPhoto();
    const response = await get("640", key);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 640, height: 427 });
    expect(await fileStore().exists(variantKey(key, 640))).toBe(true);

    // The second request reads the copy: sharp is not asked again.
    await fileStore().put(variantKey(key, 640), new TextEncoder().encode("the kept copy"));
    expect(await (await get("640", key)).text()).toBe("the kept copy");
  });

  test("deleting a photo deletes its resized copies, whether one photo, a section or the whole project goes", async () => {
    const admin = await account("admin");
    const listing = await createListing({ photos: 3 });
    const images = await prisma.projectImage.findMany({
      where: { projectId: listing.id },
      orderBy: { position: "asc" },
    });
    const keys = images.map((image) => image.storageKey);
    for (const key of keys) for (const width of ["320", "1920"]) expect((await get(width, key)).status).toBe(200);

    await deleteSectionMedia(listing.id, "images", { userId: admin.id }, images[0]!.id);
    expect((await get("320", keys[0]!)).status).toBe(404);
    expect((await get("1920", keys[0]!)).status).toBe(404);
    expect((await get("320", keys[1]!)).status).toBe(200);

    await deleteAdminProject({ actor: { id: admin.id, ipAddress: "203.0.113.9" }, id: listing.id });
    for (const key of keys) {
      for (const width of IMAGE_WIDTHS)
        expect(await fileStore().exists(variantKey(key, width)), `${width} of ${key}`).toBe(false);
      expect((await get("320", key)).status).toBe(404);
    }
  });

  test("a copy finished after its photo was deleted is removed again, not served", async () => {
    const key = await storedPhoto();
    const store = fileStore();
    const put = store.put.bind(store);
    // The photo is deleted while its copy is being made: after the original was read, before the copy is kept.
    const spy = vi.spyOn(store, "put").mockImplementationOnce(async (target, data) => {
      await deleteMedia(key);
      await put(target, data);
    });
    try {
      expect((await get("640", key)).status).toBe(404);
    } finally {
      spy.mockRestore();
    }
    expect(await store.exists(variantKey(key, 640))).toBe(false);
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
    ["a resized copy", "640", "variants/640/images/abc-jpg.webp", 400],
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
