// What a file really is, from its bytes (never from its name or the browser's content type).
import { fileTypeFromBuffer } from "file-type";

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
