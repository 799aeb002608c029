// The rules of the three upload sections, shared by the server, the upload form and its progress dialog.

export const MEDIA_SECTIONS = ["images", "floorplans", "documents"] as const;
export type MediaSection = (typeof MEDIA_SECTIONS)[number];

export const isMediaSection = (value: unknown): value is MediaSection =>
  (MEDIA_SECTIONS as readonly unknown[]).includes(value);

export const DOCUMENT_TYPES = ["EPC", "RICS", "OTHER"] as const;
export type DocumentKind = (typeof DOCUMENT_TYPES)[number];
export const DOCUMENT_TYPE_LABELS: Record<DocumentKind, string> = { EPC: "EPC", RICS: "RICS survey", OTHER: "Other" };

const MB = 1024 * 1024;
export const IMAGE_MAX_BYTES = 15 * MB;
export const DOCUMENT_MAX_BYTES = 25 * MB;
/** Files in one upload, and all of them together (they are held in memory while being checked). */
export const MAX_FILES_PER_UPLOAD = 20;
export const MAX_UPLOAD_BYTES = 100 * MB;

export const maxBytesFor = (section: MediaSection) => (section === "documents" ? DOCUMENT_MAX_BYTES : IMAGE_MAX_BYTES);

export const formatMegabytes = (bytes: number) => `${Math.round(bytes / MB)} MB`;

/** What the file picker offers; the server decides from the bytes, not from this. */
export const ACCEPT: Record<MediaSection, string> = {
  images: "image/jpeg,image/png,image/webp",
  floorplans: "image/jpeg,image/png,image/webp",
  documents:
    ".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

export const SECTION_TITLES: Record<MediaSection, string> = {
  images: "Upload Images",
  floorplans: "Upload Floor plans",
  documents: "Upload documents",
};

const PLURAL: Record<MediaSection, string> = { images: "Images", floorplans: "Floor Plans", documents: "Documents" };
const SINGULAR: Record<MediaSection, string> = { images: "image", floorplans: "floorplan", documents: "document" };
const KIND: Record<MediaSection, string> = { images: "images", floorplans: "floor plans", documents: "documents" };
export const sectionKind = (section: MediaSection) => KIND[section];

// The exact texts of spec §8.
export const uploadSuccessMessage = (section: MediaSection) => `${PLURAL[section]} uploaded successfully!`;
export const uploadFailureMessage = (section: MediaSection) =>
  `Failed to upload ${SINGULAR[section]}. Please try again.`;
export const deletedMessage = (section: MediaSection) => `Deleted ${KIND[section]} successfully`;
export const DELETE_FAILED_MESSAGE = "Error deleting files";

/** A user's file name made safe to show and to offer as a download name: no folders, no control characters. */
export function cleanFileName(name: string) {
  const base = name.split(/[/\\]/).pop() ?? "";
  const cleaned = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^\.+/, "");
  if (!cleaned) return "file";
  if (cleaned.length <= 120) return cleaned;
  const dot = cleaned.lastIndexOf(".");
  const extension = dot > 0 && cleaned.length - dot <= 6 ? cleaned.slice(dot) : "";
  return cleaned.slice(0, 120 - extension.length) + extension;
}

const withExtension = (name: string, extension: string) => `${name.replace(/\.[A-Za-z0-9]{1,5}$/, "")}.${extension}`;

/** Spec §5: a floor plan whose name lacks "floor" gets the prefix "floor_". Stored re-encoded, so it ends in .webp. */
export function floorPlanFileName(original: string) {
  const name = cleanFileName(original);
  return withExtension(/floor/i.test(name) ? name : `floor_${name}`, "webp");
}

/** Photos are stored re-encoded as WebP, so the name says so. */
export const imageFileName = (original: string) => withExtension(cleanFileName(original), "webp");

export const defaultAltText = (position: number, address: string) => `Photo ${position + 1} of ${address}`;

/** The extension of a file name, lower case, or "" when it has none. */
export function extensionOf(name: string) {
  const match = /\.([A-Za-z0-9]{1,5})$/.exec(name);
  return match ? match[1]!.toLowerCase() : "";
}

/** Seconds as m:ss for the upload dialog; "Almost done..." once nothing is left (spec §9). */
export function formatTimeLeft(seconds: number) {
  const whole = Math.ceil(seconds);
  if (!Number.isFinite(whole) || whole <= 0) return "Almost done...";
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}
