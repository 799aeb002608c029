// Every signature image is decoded and drawn again by sharp before it is kept or put in a PDF. What a user
// sends never reaches another decoder: pdfkit's own PNG reader inflates image data in a zlib callback,
// where a broken stream throws outside any try and ends the process, and it decodes a small file of huge
// dimensions in full on every render. sharp reports a broken file as a rejected promise, and the size in
// the header is checked before any pixel is decoded.
import sharp from "sharp";

import { logger } from "../../lib/logger.server";
import { fieldError, ServiceError } from "../../lib/service-error";
import {
  MAX_SIGNATURE_BYTES,
  MAX_SIGNATURE_HEIGHT,
  MAX_SIGNATURE_WIDTH,
  SIGNATURE_MESSAGES,
  sniffImageType,
} from "./signature-image";

/** A signature as it arrives: a data URL (drawn on the page's canvas, or sent to the API) or an uploaded file's bytes. */
export type SignatureSource = { dataUrl: string } | { bytes: Uint8Array };

/** Big enough to print crisply in the contract's 224 × 74 pt signature box. */
const STORED_WIDTH = 1200;
const STORED_HEIGHT = 600;

const DATA_URL = /^data:image\/(?:png|jpeg);base64,([A-Za-z0-9+/]+={0,2})$/;

// On the "signature" field, as the API names it; the signing page moves it to its file field when a file was sent.
const refuse = (message: string) => fieldError(400, "signature", message);

function bytesOf(source: SignatureSource): Uint8Array {
  if ("bytes" in source) return source.bytes;
  const base64 = DATA_URL.exec(source.dataUrl.trim())?.[1];
  if (!base64) throw refuse(SIGNATURE_MESSAGES.notImage);
  // Base64 is 4 characters for every 3 bytes: refuse before decoding more than the limit.
  if ((base64.length * 3) / 4 > MAX_SIGNATURE_BYTES + 2) throw refuse(SIGNATURE_MESSAGES.tooLarge);
  return Buffer.from(base64, "base64");
}

const decoderOptions = { limitInputPixels: MAX_SIGNATURE_WIDTH * MAX_SIGNATURE_HEIGHT, failOn: "warning" } as const;

/**
 * The signature as a fresh PNG drawn by sharp: opaque (on white), 8-bit, not interlaced, so pdfkit copies
 * its data into the PDF without decoding it. Refuses (a 400 ServiceError) anything over 1 MB, anything
 * that is not a PNG or JPEG, anything over 2000 × 1000 pixels (read from the header, before decoding) and
 * anything that does not decode cleanly.
 */
export async function reencodeSignature(source: SignatureSource): Promise<Buffer> {
  const bytes = bytesOf(source);
  if (bytes.length > MAX_SIGNATURE_BYTES) throw refuse(SIGNATURE_MESSAGES.tooLarge);
  if (!sniffImageType(bytes)) throw refuse(SIGNATURE_MESSAGES.notImage);
  // Reading the header decodes no pixels, so it needs no pixel limit (with one, it would refuse a bomb as unreadable).
  const header = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!header || (header.format !== "png" && header.format !== "jpeg")) throw refuse(SIGNATURE_MESSAGES.unreadable);
  // Sized as it will be drawn: a JPEG's orientation tag may turn it on its side.
  const [width, height] =
    (header.orientation ?? 1) >= 5 ? [header.height, header.width] : [header.width, header.height];
  if (width > MAX_SIGNATURE_WIDTH || height > MAX_SIGNATURE_HEIGHT) throw refuse(SIGNATURE_MESSAGES.tooManyPixels);
  try {
    return await sharp(bytes, decoderOptions)
      .autoOrient()
      .resize({ width: STORED_WIDTH, height: STORED_HEIGHT, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .toColourspace("srgb")
      .png({ compressionLevel: 9, palette: true, progressive: false })
      .toBuffer();
  } catch {
    throw refuse(SIGNATURE_MESSAGES.unreadable);
  }
}

/** The data URL kept with the contract: the re-encoded PNG. */
export async function signatureDataUrl(source: SignatureSource): Promise<string> {
  return `data:image/png;base64,${(await reencodeSignature(source)).toString("base64")}`;
}

/**
 * The PNG to draw in a contract PDF from a stored signature. Images stored before they were re-encoded on
 * upload go through sharp again here; one that fails is left out (the PDF shows the signer's typed name).
 */
export async function signatureForPdf(stored: string): Promise<Buffer | null> {
  try {
    return await reencodeSignature({ dataUrl: stored });
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    logger.warn({ reason: error.message }, "a stored signature image could not be drawn; the PDF shows the typed name");
    return null;
  }
}
