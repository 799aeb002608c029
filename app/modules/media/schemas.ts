// The media payloads of the admin back office, one zod schema each, shared by the media tab's forms, the
// /api/v1/admin/projects/{id}/upload, …/files and …/images/{imageId} handlers and the API's documentation.
import { z } from "zod";

import { lineOfText, NOT_BLANK } from "../../lib/fields";
import { idSchema } from "../../lib/ids";
import { DOCUMENT_TYPES, MAX_FILES_PER_UPLOAD, MEDIA_SECTIONS } from "./upload-rules";

export const MediaSectionSchema = z.enum(MEDIA_SECTIONS, {
  error: "Say which section the files are for: images, floorplans or documents.",
});

/** A document's kind; empty means Other. */
export const DocumentTypeSchema = z.preprocess(
  (value) => (typeof value === "string" && value.trim() !== "" ? value.trim().toUpperCase() : "OTHER"),
  z.enum(DOCUMENT_TYPES, { error: "Choose the document type: EPC, RICS or Other." }),
);

/**
 * The upload's multipart body. The files are streamed and checked one by one as they arrive (see
 * uploads.server.ts), so `files` is never parsed with this schema: it is here to be documented.
 */
export const UploadFormSchema = z.object({
  files: z
    .array(z.string().meta({ format: "binary" }))
    .min(1)
    .max(MAX_FILES_PER_UPLOAD)
    .meta({ description: "One part per file, each named files." }),
  section: MediaSectionSchema.optional().meta({
    description:
      "Or ?section= in the URL (which also applies the section's size limit while reading); images when neither is sent.",
    default: "images",
  }),
  documentType: DocumentTypeSchema.optional().meta({ description: "For documents: EPC, RICS or OTHER (the default)." }),
});

export const AltTextSchema = z.object({
  altText: lineOfText("Describe the photo in a few words.")
    .min(1, { error: "Describe the photo in a few words." })
    .max(250, { error: "Keep the description under 250 characters." })
    .meta(NOT_BLANK),
});

export const MoveSchema = z.object({ direction: z.enum(["up", "down"], { error: "Move the photo up or down." }) });

export const ImageEditSchema = z.union([AltTextSchema, MoveSchema], {
  error: 'Send { altText } or { direction: "up" | "down" }.',
});

/** DELETE …/files: a whole section, or with fileId just that file of it. */
export const DeleteFilesQuerySchema = z.object({
  section: MediaSectionSchema,
  fileId: idSchema("fileId must be a file's id.")
    .optional()
    .meta({ description: "The id of one file of the section (from the project's images, floor_plans or documents)." }),
});
