// Listings for integration tests: a project row with optional photos (real JPEG files in the upload
// store, so the image variants can be made), a floor plan (a real PNG), an EPC and a brochure (real PDFs).
import PDFDocument from "pdfkit";
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

let plan: Promise<Buffer> | undefined;

/** A small real PNG floor plan (800 × 600). */
export function testFloorPlan() {
  return (plan ??= sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 250, g: 250, b: 250 } } })
    .png()
    .toBuffer());
}

/** A one-page PDF saying `text`. */
export function testPdf(text: string) {
  return new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({ size: "A4" });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.text(text);
    doc.end();
  });
}

async function stored(folder: string, extension: string, bytes: Buffer) {
  const key = newStorageKey(folder, extension);
  await saveFile(key, bytes);
  return { storageKey: key, byteSize: bytes.length };
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
  brochure?: boolean;
};

export async function createListing({
  photos = 0,
  floorPlan = false,
  epc = false,
  brochure = false,
  ...fields
}: ListingOptions = {}) {
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
              ...(await stored("floorplans", "png", await testFloorPlan())),
              fileName: "floor_plan.png",
              contentType: "image/png",
            },
          }
        : undefined,
      documents: {
        createMany: {
          data: [
            ...(epc
              ? [
                  {
                    type: "EPC" as const,
                    name: "EPC certificate.pdf",
                    contentType: "application/pdf",
                    ...(await stored("documents", "pdf", await testPdf("Energy Performance Certificate"))),
                  },
                ]
              : []),
            ...(brochure
              ? [
                  {
                    type: "OTHER" as const,
                    name: "Brochure.pdf",
                    contentType: "application/pdf",
                    ...(await stored("documents", "pdf", await testPdf("Brochure"))),
                  },
                ]
              : []),
          ],
        },
      },
    },
  });
}
