import { describe, expect, test } from "vitest";

import { sniffFileType } from "../../app/modules/media/sniff.server";
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

describe("sniffing a file's type from its bytes", () => {
  test.each([
    ["a JPEG", jpegPhoto, "jpeg"],
    ["a PNG", pngImage, "png"],
    ["a WebP", webpImage, "webp"],
    ["a PDF", pdfDocument, "pdf"],
    ["a DOCX", docxDocument, "docx"],
    ["a DOC", docDocument, "doc"],
  ] as const)("%s is recognised", async (_, make, type) => {
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
