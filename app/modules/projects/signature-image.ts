// A signature image, drawn (a PNG data URL from the canvas) or uploaded (a file): only real PNG or JPEG
// bytes, checked by their magic numbers rather than the name or declared type, and at most 1 MB.

export const MAX_SIGNATURE_BYTES = 1024 * 1024;
export const SIGNATURE_TYPES = ["image/png", "image/jpeg"] as const;
export type SignatureType = (typeof SIGNATURE_TYPES)[number];

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_MAGIC = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, magic: number[]) => bytes.length > magic.length && magic.every((b, i) => bytes[i] === b);

/** The image type the bytes really are, or null. */
export function sniffImageType(bytes: Uint8Array): SignatureType | null {
  if (startsWith(bytes, PNG_MAGIC)) return "image/png";
  if (startsWith(bytes, JPEG_MAGIC)) return "image/jpeg";
  return null;
}

export class SignatureImageError extends Error {
  override name = "SignatureImageError";
}

const tooLarge = () => new SignatureImageError("The signature image is larger than 1 MB. Use a smaller image.");

/** The data URL to store for uploaded bytes, typed by what they really are; throws when they are not a small PNG or JPEG. */
export function signatureFromUpload(bytes: Uint8Array): string {
  if (bytes.length > MAX_SIGNATURE_BYTES) throw tooLarge();
  const type = sniffImageType(bytes);
  if (!type) throw new SignatureImageError("The signature must be a PNG or JPEG image.");
  return `data:${type};base64,${Buffer.from(bytes).toString("base64")}`;
}

const DATA_URL = /^data:image\/(?:png|jpeg);base64,([A-Za-z0-9+/]+={0,2})$/;

/** The data URL to store for a drawn signature (the canvas sends a PNG data URL), checked like an upload. */
export function signatureFromDataUrl(dataUrl: string): string {
  const base64 = DATA_URL.exec(dataUrl.trim())?.[1];
  if (!base64) throw new SignatureImageError("The signature must be a PNG or JPEG image.");
  // Base64 is 4 characters for every 3 bytes: refuse before decoding more than the limit.
  if ((base64.length * 3) / 4 > MAX_SIGNATURE_BYTES + 2) throw tooLarge();
  return signatureFromUpload(Buffer.from(base64, "base64"));
}
