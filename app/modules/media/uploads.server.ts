// Admin uploads of a project's photos, floor plans and documents, and their edits and deletions.
//
// A multipart body is parsed as a stream with per-file and total limits, so an oversized file is refused
// as soon as it passes the limit. Every file is checked (type sniffed from the bytes, size) and photos
// are re-encoded (auto-rotated, all metadata such as EXIF and GPS dropped) before anything is stored;
// then the files are written under new keys and the rows inserted in one transaction. A request that
// fails at any point leaves no rows and removes the files it wrote.
import {
  FormDataParseError,
  MaxFilesExceededError,
  MaxFileSizeExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseFormData,
} from "@remix-run/form-data-parser";
import sharp from "sharp";
import type { z } from "zod";

import type { DocumentType } from "../../generated/prisma/client";
import { prisma } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";
import { fieldError, ServiceError } from "../../lib/service-error";
import { recordAudit } from "../audit/audit.server";
import { listingContentChanged } from "../listings/approval.server";
import { queuePortalSync } from "../portals/sync.server";
import { DocumentTypeSchema, type ImageEditSchema, MediaSectionSchema } from "./schemas";
import {
  DOCUMENT_EXTENSIONS,
  DOCUMENT_TYPES,
  IMAGE_TYPES,
  isWhole,
  MAX_INPUT_PIXELS,
  notWholeMessage,
  sniffFileType,
  TYPE_NAMES,
} from "./sniff.server";
import { fileStore, newStorageKey } from "./storage.server";
import {
  cleanFileName,
  defaultAltText,
  DOCUMENT_MAX_BYTES,
  extensionOf,
  floorPlanFileName,
  formatMegabytes,
  imageFileName,
  MAX_FILES_PER_UPLOAD,
  MAX_UPLOAD_BYTES,
  maxBytesFor,
  type MediaSection,
} from "./upload-rules";
import { deleteMedia } from "./variants.server";

/** Why the portals are sent a home again after its media changed (the portal history shows it). */
const PORTAL_REASON = "photos and documents";

/** Originals larger than this are scaled down: the largest variant served is 1920 px wide. */
const MAX_STORED_EDGE = 3840;

export type Actor = { userId: number; ipAddress?: string | null };

export const propertyNotFound = () => new ServiceError(404, "We couldn't find that property.");

export async function projectAddress(projectId: number) {
  const project = await prisma.project.findUnique({ where: { id: projectId }, select: { address: true } });
  if (!project) throw propertyNotFound();
  return project.address;
}

export function parseSection(value: unknown): MediaSection {
  const section = MediaSectionSchema.safeParse(value);
  if (!section.success) throw fieldError(400, "section", section.error.issues[0]!.message);
  return section.data;
}

type IncomingFile = { name: string; bytes: Uint8Array };
type PreparedFile = {
  key: string;
  data: Uint8Array;
  fileName: string;
  contentType: string;
  width: number | null;
  height: number | null;
};

const tooLarge = (section: MediaSection, name?: string) => {
  const limit = formatMegabytes(maxBytesFor(section));
  const what = section === "documents" ? "Documents" : section === "images" ? "Images" : "Floor plans";
  return new ServiceError(413, `${name ? `“${name}” is too large. ` : ""}${what} can be at most ${limit} each.`);
};

/** Reads the multipart body: the files, the section (query or field) and the document type. */
async function readUploadForm(request: Request, sectionFromQuery: MediaSection | null) {
  const perFile = sectionFromQuery ? maxBytesFor(sectionFromQuery) : DOCUMENT_MAX_BYTES;
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_UPLOAD_BYTES) {
    throw new ServiceError(413, `Upload at most ${formatMegabytes(MAX_UPLOAD_BYTES)} at a time.`);
  }
  if (!/^multipart\/form-data\b/i.test(request.headers.get("Content-Type") ?? "")) {
    throw new ServiceError(415, "Send the files as multipart/form-data in repeated “files” fields.");
  }
  const files: IncomingFile[] = [];
  let form: FormData;
  try {
    form = await parseFormData(
      request,
      { maxFileSize: perFile, maxFiles: MAX_FILES_PER_UPLOAD, maxTotalSize: MAX_UPLOAD_BYTES },
      async (upload) => {
        // An empty file input still sends a part without a name or bytes.
        if (upload.fieldName !== "files" || (upload.size === 0 && !upload.name)) return null;
        files.push({ name: upload.name, bytes: new Uint8Array(await upload.arrayBuffer()) });
        return null;
      },
    );
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError) throw tooLarge(sectionFromQuery ?? "documents");
    if (error instanceof MaxFilesExceededError)
      throw new ServiceError(413, `Upload at most ${MAX_FILES_PER_UPLOAD} files at a time.`);
    if (error instanceof MaxTotalSizeExceededError)
      throw new ServiceError(413, `Upload at most ${formatMegabytes(MAX_UPLOAD_BYTES)} at a time.`);
    // A broken body: bad part headers (too long, not UTF-8) as well as a malformed form.
    if (error instanceof FormDataParseError || error instanceof MultipartParseError || error instanceof TypeError) {
      throw new ServiceError(400, "The upload could not be read. Please try again.");
    }
    throw error;
  }
  // Without a section anywhere, photos: what an upload most often is.
  const section = sectionFromQuery ?? (form.has("section") ? parseSection(form.get("section")) : "images");
  const documentType = DocumentTypeSchema.safeParse(form.get("documentType"));
  if (!documentType.success) throw fieldError(400, "documentType", documentType.error.issues[0]!.message);
  if (files.length === 0) throw fieldError(400, "files", "Choose at least one file to upload.");
  return { section, files, documentType: documentType.data };
}

async function reencode(file: IncomingFile, lossless: boolean) {
  try {
    const { data, info } = await sharp(file.bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: MAX_STORED_EDGE, height: MAX_STORED_EDGE, fit: "inside", withoutEnlargement: true })
      .webp(lossless ? { lossless: true, effort: 4 } : { quality: 85, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    return { data: new Uint8Array(data), width: info.width, height: info.height };
  } catch {
    throw new ServiceError(
      415,
      `“${cleanFileName(file.name)}” could not be read as an image. Upload a JPEG, PNG or WebP photo.`,
    );
  }
}

/** Checks one file against its section's rules and turns it into what is stored. */
async function prepare(section: MediaSection, file: IncomingFile): Promise<PreparedFile> {
  const name = cleanFileName(file.name);
  if (file.bytes.byteLength > maxBytesFor(section)) throw tooLarge(section, name);
  const type = await sniffFileType(file.bytes);
  if (section === "documents") {
    if (!type || !DOCUMENT_TYPES.includes(type)) {
      throw new ServiceError(
        415,
        `“${name}” is ${type ? TYPE_NAMES[type] : "not a PDF or Word document"}. Documents must be PDF, DOC or DOCX files.`,
      );
    }
    // Kept and served as sent, so it must be the whole file (images below are decoded anyway).
    if (!(await isWhole(type, file.bytes))) throw new ServiceError(415, notWholeMessage(name, type));
    const extension = DOCUMENT_EXTENSIONS[type as keyof typeof DOCUMENT_EXTENSIONS];
    const given = extensionOf(name);
    // The document is served as it is, under this name, so the name must not lie about the content.
    if (given && given !== extension)
      throw new ServiceError(415, `“${name}” is ${TYPE_NAMES[type]}, so its name should end in .${extension}.`);
    return {
      key: newStorageKey("documents", extension),
      data: file.bytes,
      fileName: given ? name : `${name}.${extension}`,
      contentType:
        type === "pdf"
          ? "application/pdf"
          : type === "doc"
            ? "application/msword"
            : "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      width: null,
      height: null,
    };
  }
  if (!type || !IMAGE_TYPES.includes(type)) {
    const what = section === "images" ? "Photos" : "Floor plans";
    throw new ServiceError(
      415,
      `“${name}” is ${type ? TYPE_NAMES[type] : "not an image we accept"}. ${what} must be JPEG, PNG or WebP images.`,
    );
  }
  // Line drawings stay sharp when a PNG plan is kept lossless.
  const image = await reencode(file, section === "floorplans" && type === "png");
  return {
    key: newStorageKey(section, "webp"),
    data: image.data,
    fileName: section === "images" ? imageFileName(name) : floorPlanFileName(name),
    contentType: "image/webp",
    width: image.width,
    height: image.height,
  };
}

async function removeFiles(keys: string[]) {
  const results = await Promise.allSettled(keys.map((key) => deleteMedia(key)));
  for (const result of results)
    if (result.status === "rejected") logger.warn({ err: result.reason }, "could not remove a media file");
}

/**
 * Reads and drops what is left of an upload that is refused before it is read, up to the upload limit: a
 * server that answers and closes while the client is still sending resets the connection, and the client
 * sees that instead of the JSON error. False when the rest cannot be read (the parser stopped at a limit):
 * then the answer must close the connection, so that the client does not send its next request on it.
 */
export async function discardUpload(request: Request) {
  if (!request.body) return true;
  // A body declared larger than the limit could not be drained to its end: close instead of reading any.
  if (request.bodyUsed || request.body.locked || Number(request.headers.get("Content-Length") ?? 0) > MAX_UPLOAD_BYTES)
    return false;
  const reader = request.body.getReader();
  try {
    for (let read = 0; read <= MAX_UPLOAD_BYTES;) {
      const { done, value } = await reader.read();
      if (done) return true;
      read += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The client has gone.
  }
  return false;
}

export type UploadResult = { section: MediaSection; count: number };

/**
 * PUT /api/v1/admin/projects/:id/upload and the upload form: stores every file of the request, or none.
 * The section comes from `?section=` (which also sets the per-file limit while parsing) or a `section` field.
 */
export async function uploadProjectMedia(request: Request, projectId: number, actor: Actor): Promise<UploadResult> {
  const address = await projectAddress(projectId);
  const query = new URL(request.url).searchParams.get("section");
  const { section, files, documentType } = await readUploadForm(request, query === null ? null : parseSection(query));
  const prepared: PreparedFile[] = [];
  for (const file of files) prepared.push(await prepare(section, file));

  const written: string[] = [];
  try {
    for (const file of prepared) {
      written.push(file.key);
      await fileStore().put(file.key, file.data);
    }
    await prisma.$transaction(async (tx) => {
      const rows = prepared.map((file) => ({
        projectId,
        storageKey: file.key,
        fileName: file.fileName,
        contentType: file.contentType,
        byteSize: file.data.byteLength,
      }));
      if (section === "documents") {
        await tx.projectDocument.createMany({
          data: rows.map(({ fileName, ...row }) => ({ ...row, name: fileName, type: documentType as DocumentType })),
        });
      } else {
        const last =
          section === "images"
            ? await tx.projectImage.aggregate({ where: { projectId }, _max: { position: true } })
            : await tx.floorPlan.aggregate({ where: { projectId }, _max: { position: true } });
        const first = (last._max.position ?? -1) + 1;
        if (section === "images") {
          await tx.projectImage.createMany({
            data: rows.map((row, i) => ({
              ...row,
              width: prepared[i]!.width,
              height: prepared[i]!.height,
              position: first + i,
              altText: defaultAltText(first + i, address),
            })),
          });
        } else {
          await tx.floorPlan.createMany({ data: rows.map((row, i) => ({ ...row, position: first + i })) });
        }
      }
      await recordAudit(
        {
          actorId: actor.userId,
          action: "media.upload",
          entity: "Project",
          entityId: projectId,
          detail: { section, files: prepared.map((f) => f.fileName) },
          ipAddress: actor.ipAddress,
        },
        tx,
      );
      await queuePortalSync(tx, { projectId, reason: PORTAL_REASON });
      await listingContentChanged(tx, projectId, actor.userId);
    });
  } catch (error) {
    await removeFiles(written);
    throw error;
  }
  return { section, count: prepared.length };
}

/** DELETE …/files?section=…: every file of one section; the rows go first, then the files. */
export async function deleteSectionMedia(projectId: number, section: MediaSection, actor: Actor, fileId?: number) {
  await projectAddress(projectId);
  const where = { projectId, ...(fileId === undefined ? {} : { id: fileId }) };
  const keys = await prisma.$transaction(async (tx) => {
    const select = { storageKey: true } as const;
    const rows =
      section === "images"
        ? await tx.projectImage.findMany({ where, select })
        : section === "floorplans"
          ? await tx.floorPlan.findMany({ where, select })
          : await tx.projectDocument.findMany({ where, select });
    if (fileId !== undefined && rows.length === 0) throw new ServiceError(404, "That file has already been deleted.");
    if (section === "images") await tx.projectImage.deleteMany({ where });
    else if (section === "floorplans") await tx.floorPlan.deleteMany({ where });
    else await tx.projectDocument.deleteMany({ where });
    await recordAudit(
      {
        actorId: actor.userId,
        action: "media.delete",
        entity: "Project",
        entityId: projectId,
        detail: { section, fileId: fileId ?? null, count: rows.length },
        ipAddress: actor.ipAddress,
      },
      tx,
    );
    await queuePortalSync(tx, { projectId, reason: PORTAL_REASON });
    await listingContentChanged(tx, projectId, actor.userId);
    return rows.map((row) => row.storageKey);
  });
  if (section === "images") await renumberImages(projectId);
  await removeFiles(keys);
  return { count: keys.length };
}

export async function updateImageAltText(projectId: number, imageId: number, altText: string) {
  await prisma.$transaction(async (tx) => {
    const { count } = await tx.projectImage.updateMany({ where: { id: imageId, projectId }, data: { altText } });
    if (count === 0) throw new ServiceError(404, "That photo has been deleted.");
    // Captions go to the portals with the photos.
    await queuePortalSync(tx, { projectId, reason: PORTAL_REASON });
    await listingContentChanged(tx, projectId, null);
  });
}

async function renumberImages(projectId: number, order?: number[]) {
  await prisma.$transaction(async (tx) => {
    const ids =
      order ??
      (
        await tx.projectImage.findMany({
          where: { projectId },
          orderBy: [{ position: "asc" }, { id: "asc" }],
          select: { id: true },
        })
      ).map((i) => i.id);
    for (const [position, id] of ids.entries()) await tx.projectImage.update({ where: { id }, data: { position } });
    // The first photo is the portals' cover too.
    await queuePortalSync(tx, { projectId, reason: PORTAL_REASON });
    await listingContentChanged(tx, projectId, null);
  });
}

/** Swaps a photo with its neighbour; the first photo is the listing's cover. */
export async function moveImage(projectId: number, imageId: number, direction: "up" | "down") {
  const images = await prisma.projectImage.findMany({
    where: { projectId },
    orderBy: [{ position: "asc" }, { id: "asc" }],
    select: { id: true },
  });
  const ids = images.map((i) => i.id);
  const from = ids.indexOf(imageId);
  if (from === -1) throw new ServiceError(404, "That photo has been deleted.");
  const to = direction === "up" ? from - 1 : from + 1;
  if (to < 0 || to >= ids.length) return;
  [ids[from], ids[to]] = [ids[to]!, ids[from]!];
  await renumberImages(projectId, ids);
}

export async function editImage(projectId: number, imageId: number, edit: z.output<typeof ImageEditSchema>) {
  if ("altText" in edit) await updateImageAltText(projectId, imageId, edit.altText);
  else await moveImage(projectId, imageId, edit.direction);
}
