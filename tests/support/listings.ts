// Listings for integration tests: a project row with optional photos (real JPEG files in the upload
// store, so the image variants can be made), a floor plan and documents.
import sharp from "sharp";

import type { Prisma } from "../../app/generated/prisma/client";
import { prisma } from "../../app/lib/db.server";
import { newStorageKey, saveFile } from "../../app/modules/media/storage.server";

let photo: Promise<Buffer> | undefined;

/** A small real JPEG (1200 × 800), made once per test file. */
export function testPhoto() {
  return (photo ??= sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 40, g: 120, b: 90 } } })
    .jpeg()
    .toBuffer());
}

export async function storedPhoto() {
  const key = newStorageKey("images", "jpg");
  await saveFile(key, await testPhoto());
  return key;
}

type ListingOptions = Partial<Prisma.ProjectUncheckedCreateInput> & {
  photos?: number;
  floorPlan?: boolean;
  epc?: boolean;
};

export async function createListing({ photos = 0, floorPlan = false, epc = false, ...fields }: ListingOptions = {}) {
  const images = await Promise.all(
    Array.from({ length: photos }, async (_, position) => ({
      storageKey: await storedPhoto(),
      fileName: `photo-${position}.jpg`,
      contentType: "image/jpeg",
      byteSize: 1000,
      width: 1200,
      height: 800,
      altText: `Photo ${position + 1}`,
      position,
    })),
  );
  return prisma.project.create({
    data: {
      status: "completed",
      address: "1 Test Street, Leicester LE1 1AA",
      postcode: "LE1 1AA",
      outcode: "LE1",
      price: 250_000,
      propertyType: "Detached",
      bedrooms: 3,
      bathrooms: 1,
      listedAt: new Date(),
      vendorName: "Vera Vendor",
      vendorEmail: "vera.vendor@example.com",
      vendorPhone: "07700 900999",
      ...fields,
      images: { createMany: { data: images } },
      floorPlans: floorPlan
        ? {
            create: {
              storageKey: newStorageKey("floorplans", "png"),
              fileName: "floor_plan.png",
              contentType: "image/png",
              byteSize: 10,
            },
          }
        : undefined,
      documents: epc
        ? {
            create: {
              type: "EPC",
              name: "EPC certificate.pdf",
              storageKey: newStorageKey("documents", "pdf"),
              contentType: "application/pdf",
              byteSize: 10,
            },
          }
        : undefined,
    },
  });
}
