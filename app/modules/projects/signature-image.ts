// A signature image, drawn (a PNG data URL from the canvas) or uploaded (a file): only PNG or JPEG bytes,
// checked by their magic numbers rather than the name or declared type, at most 1 MB and 2000 × 1000
// pixels. This module is shared with the browser's signature pad; the server decodes and re-encodes every
// image (signature-image.server.ts) before anything is kept.

export const MAX_SIGNATURE_BYTES = 1024 * 1024;
export const MAX_SIGNATURE_WIDTH = 2000;
export const MAX_SIGNATURE_HEIGHT = 1000;
export const SIGNATURE_TYPES = ["image/png", "image/jpeg"] as const;
export type SignatureType = (typeof SIGNATURE_TYPES)[number];

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_MAGIC = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, magic: number[]) =>
  bytes.length > magic.length && magic.every((b, i) => bytes[i] === b);

/** The image type the bytes really are, or null. */
export function sniffImageType(bytes: Uint8Array): SignatureType | null {
  if (startsWith(bytes, PNG_MAGIC)) return "image/png";
  if (startsWith(bytes, JPEG_MAGIC)) return "image/jpeg";
  return null;
}

export const SIGNATURE_MESSAGES = {
  notImage: "The signature must be a PNG or JPEG image.",
  tooLarge: "The signature image is larger than 1 MB. Use a smaller image.",
  tooManyPixels: `The signature image is too big: use one of at most ${MAX_SIGNATURE_WIDTH} × ${MAX_SIGNATURE_HEIGHT} pixels.`,
  unreadable: "The signature image could not be read. Try another PNG or JPEG file.",
} as const;
