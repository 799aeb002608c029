import { randomBytes } from "node:crypto";
import { crc32 } from "node:zlib";

import { describe, expect, test } from "vitest";

import { isWhole, sniffFileType } from "../../app/modules/media/sniff.server";
import {
  cleanFileName,
  defaultAltText,
  deletedMessage,
  floorPlanFileName,
  formatTimeLeft,
  imageFileName,
  maxBytesFor,
  uploadFailureMessage,
  uploadSuccessMessage,
} from "../../app/modules/media/upload-rules";
import {
  docDocument,
  docxDocument,
  htmlPage,
  jpegPhoto,
  pdfDocument,
  pngImage,
  svgImage,
  webpImage,
  xlsWorkbook,
  zipOf,
} from "../support/upload-files";

/** A real file of each type sniffFileType allows. */
const REAL_FILES = [
  ["a JPEG", jpegPhoto, "jpeg"],
  ["a PNG", pngImage, "png"],
  ["a WebP", webpImage, "webp"],
  ["a PDF", pdfDocument, "pdf"],
  ["a DOCX", docxDocument, "docx"],
  ["a DOC", docDocument, "doc"],
] as const;

describe("sniffing a file's type from its bytes", () => {
  test.each(REAL_FILES)("%s is recognised", async (_, make, type) => {
    expect(await sniffFileType(await make())).toBe(type);
  });

  test.each([
    ["an HTML page", htmlPage],
    ["an SVG with a script", svgImage],
    ["an Excel 97 workbook", xlsWorkbook],
    ["a plain zip", () => zipOf({ "notes.txt": "hello" })],
    ["nothing", () => Buffer.alloc(0)],
  ])("%s is refused", async (_, make) => {
    expect(await sniffFileType(make())).toBeNull();
  });
});

/** A PNG whose header claims `width` × `height` pixels, with a few bytes of image data after it. */
function pngClaiming(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const sized = Buffer.alloc(4);
    sized.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([sized, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter, not interlaced
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", Buffer.from([0x78, 0x9c, 0x63, 0x00, 0x00])),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("whether a file kept as it was sent is whole", () => {
  test.each([
    ...REAL_FILES,
    ["a PDF with bytes after its end marker", () => Buffer.concat([pdfDocument(), Buffer.alloc(500, 0x20)]), "pdf"],
  ] as const)("%s is", async (_, make, type) => {
    expect(await isWhole(type, await make())).toBe(true);
  });

  test.each([
    [
      "a JPEG's first bytes on random ones",
      async () => Buffer.concat([(await jpegPhoto()).subarray(0, 3), randomBytes(20_000)]),
      "jpeg",
    ],
    [
      "a JPEG cut in half",
      async () => {
        const photo = await jpegPhoto();
        return photo.subarray(0, Math.floor(photo.length / 2));
      },
      "jpeg",
    ],
    ["a PNG cut short", async () => (await pngImage()).subarray(0, 60), "png"],
    ["a PNG claiming 100,000 × 100,000 pixels", () => pngClaiming(100_000, 100_000), "png"],
    ["a PNG claiming 8,000 × 8,000 pixels (64 megapixels)", () => pngClaiming(8_000, 8_000), "png"],
    [
      "a PDF's first bytes on random ones",
      () => Buffer.concat([pdfDocument().subarray(0, 9), randomBytes(5_000)]),
      "pdf",
    ],
    ["a PDF cut short", () => pdfDocument().subarray(0, 60), "pdf"],
  ] as const)("%s is not", async (_, make, type) => {
    const bytes = await make();
    expect(await sniffFileType(bytes)).toBe(type);
    expect(await isWhole(type, bytes)).toBe(false);
  });
});

describe("upload naming and limits", () => {
  test("a floor plan whose name lacks 'floor' gets the prefix floor_ (and the stored format's extension)", () => {
    expect(floorPlanFileName("ground.png")).toBe("floor_ground.webp");
    expect(floorPlanFileName("Floorplan-first.jpg")).toBe("Floorplan-first.webp");
    expect(floorPlanFileName("my_floor.jpeg")).toBe("my_floor.webp");
  });

  test("file names lose folders, control characters and leading dots, and keep their extension when shortened", () => {
    expect(cleanFileName("C:\\Users\\vera\\kitchen.jpg")).toBe("kitchen.jpg");
    expect(cleanFileName("../../etc/passwd")).toBe("passwd");
    expect(cleanFileName("..hidden\u0000 name.pdf")).toBe("hidden name.pdf");
    expect(cleanFileName("")).toBe("file");
    const long = cleanFileName(`${"a".repeat(300)}.docx`);
    expect(long).toHaveLength(120);
    expect(long.endsWith(".docx")).toBe(true);
    expect(imageFileName("IMG_0001.JPG")).toBe("IMG_0001.webp");
  });

  test("15 MB an image or floor plan, 25 MB a document", () => {
    expect(maxBytesFor("images")).toBe(15 * 1024 * 1024);
    expect(maxBytesFor("floorplans")).toBe(15 * 1024 * 1024);
    expect(maxBytesFor("documents")).toBe(25 * 1024 * 1024);
  });

  test("the spec's messages", () => {
    expect(uploadSuccessMessage("images")).toBe("Images uploaded successfully!");
    expect(uploadSuccessMessage("floorplans")).toBe("Floor Plans uploaded successfully!");
    expect(uploadSuccessMessage("documents")).toBe("Documents uploaded successfully!");
    expect(uploadFailureMessage("images")).toBe("Failed to upload image. Please try again.");
    expect(uploadFailureMessage("floorplans")).toBe("Failed to upload floorplan. Please try again.");
    expect(uploadFailureMessage("documents")).toBe("Failed to upload document. Please try again.");
    expect(deletedMessage("documents")).toBe("Deleted documents successfully");
    expect(defaultAltText(0, "1 High Street, Leicester LE1 1AA")).toBe("Photo 1 of 1 High Street, Leicester LE1 1AA");
  });

  test("time left is m:ss, and 'Almost done...' at zero", () => {
    expect(formatTimeLeft(75)).toBe("1:15");
    expect(formatTimeLeft(4.2)).toBe("0:05");
    expect(formatTimeLeft(0)).toBe("Almost done...");
    expect(formatTimeLeft(Number.NaN)).toBe("Almost done...");
  });
});
