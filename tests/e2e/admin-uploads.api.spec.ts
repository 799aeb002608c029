// The upload endpoint through the real server (Express, streaming multipart): refusals answer with the
// right status and message, and leave the project as it was.
import { expect, test } from "@playwright/test";

import { apiSession, DEMO_ADMIN, DEMO_VENDOR } from "./support/accounts";

const JPEG_START = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

test("oversized, disguised and vendor uploads are refused and store nothing", async ({ baseURL }) => {
  test.slow();
  const admin = await apiSession(baseURL!, DEMO_ADMIN);
  const vendor = await apiSession(baseURL!, DEMO_VENDOR);
  const [listing] = (await (await admin.get("/api/v1/bookings")).json()) as { id: number }[];
  const mediaOf = async () => {
    const booking = (await (await admin.get(`/api/v1/bookings/${listing!.id}`)).json()) as {
      images: unknown[];
      floor_plans: unknown[];
      documents: unknown[];
    };
    return [booking.images.length, booking.floor_plans.length, booking.documents.length];
  };
  const before = await mediaOf();
  const put = (client: typeof admin, section: string, file: { name: string; mimeType: string; buffer: Buffer }) =>
    client.put(`/api/v1/admin/projects/${listing!.id}/upload?section=${section}`, {
      multipart: { files: file },
      failOnStatusCode: false,
    });

  const huge = await put(admin, "images", {
    name: "huge.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.concat([JPEG_START, Buffer.alloc(30 * 1024 * 1024)]),
  });
  expect(huge.status()).toBe(413);
  expect(await huge.json()).toEqual({ message: "Images can be at most 15 MB each." });

  const html = await put(admin, "images", {
    name: "photo.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from("<!doctype html><script>alert(1)</script>"),
  });
  expect(html.status()).toBe(415);
  expect((await html.json()).message).toBe(
    "“photo.jpg” is not an image we accept. Photos must be JPEG, PNG or WebP images.",
  );

  const pdf = await put(admin, "images", { name: "plan.png", mimeType: "image/png", buffer: PDF });
  expect(pdf.status()).toBe(415);
  expect((await pdf.json()).message).toBe("“plan.png” is a PDF. Photos must be JPEG, PNG or WebP images.");

  const byVendor = await put(vendor, "documents", { name: "EPC.pdf", mimeType: "application/pdf", buffer: PDF });
  expect(byVendor.status()).toBe(403);
  expect(await byVendor.json()).toEqual({ message: "This endpoint is for admins only." });

  expect(await mediaOf()).toEqual(before);
  await Promise.all([admin.dispose(), vendor.dispose()]);
});
