// What a file really is, from its bytes (never from its name or the browser's content type).
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";

export type SniffedType = "jpeg" | "png" | "webp" | "pdf" | "doc" | "docx";

const FROM_FILE_TYPE: Record<string, SniffedType> = { jpg: "jpeg", png: "png", webp: "webp", pdf: "pdf", docx: "docx" };

/** A Word 97–2003 file is an OLE2 compound file with a "WordDocument" stream (its name is UTF-16 in the directory). */
const WORD_STREAM = Buffer.from("WordDocument", "utf16le");

/** The allowed type the bytes are, or null for anything else (HTML, SVG, zip, Excel, a renamed file…). */
export async function sniffFileType(bytes: Uint8Array): Promise<SniffedType | null> {
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected) return null;
  if (detected.ext === "cfb")
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(WORD_STREAM) ? "doc" : null;
  return FROM_FILE_TYPE[detected.ext] ?? null;
}

/** The most pixels an uploaded image may decode to: a 50-megapixel photo. A decompression bomb claims far more. */
export const MAX_INPUT_PIXELS = 50_000_000;

/** Where PDF readers look for the file's `%%EOF` marker: its last 1,024 bytes. */
const PDF_TAIL_BYTES = 1024;
const PDF_END = Buffer.from("%%EOF");

/**
 * Whether a file of the type sniffFileType found is whole, for files kept as they were sent: an image decodes
 * to its last pixel within MAX_INPUT_PIXELS, a PDF has its end-of-file marker. The right first bytes on
 * anything else, or a file cut short, are not. A Word file's structure was read by sniffFileType already.
 */
export async function isWhole(type: SniffedType, bytes: Uint8Array): Promise<boolean> {
  if (type === "pdf") {
    const tail = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).subarray(-PDF_TAIL_BYTES);
    return tail.includes(PDF_END);
  }
  if (!IMAGE_TYPES.includes(type)) return true;
  try {
    // Decoded small (a JPEG is scaled as it is read), so the check costs little whatever the photo's size.
    await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .resize({ width: 64, height: 64, fit: "inside" })
      .raw()
      .toBuffer();
    return true;
  } catch {
    return false;
  }
}

/** What a refusal says of a file that is not whole. */
export const notWholeMessage = (name: string, type: SniffedType) =>
  `“${name}” could not be read as ${TYPE_NAMES[type]}: it may be damaged or cut short.`;

export const IMAGE_TYPES: readonly SniffedType[] = ["jpeg", "png", "webp"];
export const DOCUMENT_TYPES: readonly SniffedType[] = ["pdf", "doc", "docx"];

/** File-name extensions that honestly describe each document type. */
export const DOCUMENT_EXTENSIONS: Record<"pdf" | "doc" | "docx", string> = { pdf: "pdf", doc: "doc", docx: "docx" };

export const TYPE_NAMES: Record<SniffedType, string> = {
  jpeg: "a JPEG image",
  png: "a PNG image",
  webp: "a WebP image",
  pdf: "a PDF",
  doc: "a Word document",
  docx: "a Word document",
};
