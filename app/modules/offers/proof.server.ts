// Proof of funds: a PDF, JPEG or PNG a buyer sends with an offer (or later), checked by its bytes, kept in
// the upload store under private/ (never served at /media), and downloaded only by the seller and the agency.
import {
  FormDataParseError,
  MaxFilesExceededError,
  MaxFileSizeExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseFormData,
} from "@remix-run/form-data-parser";

import { fieldError, ServiceError } from "../../lib/service-error";
import { attachmentDisposition } from "../media/serve.server";
import { isWhole, notWholeMessage, sniffFileType, TYPE_NAMES } from "../media/sniff.server";
import { fileStore, newStorageKey } from "../media/storage.server";
import { cleanFileName, extensionOf } from "../media/upload-rules";
import { PROOF_MAX_BYTES } from "./texts";

/** The form's other fields beside the file. */
const FIELDS_ALLOWANCE = 64 * 1024;

const PROOF_TYPES = { pdf: "application/pdf", jpeg: "image/jpeg", png: "image/png" } as const;
type ProofType = keyof typeof PROOF_TYPES;
const EXTENSIONS: Record<ProofType, string> = { pdf: "pdf", jpeg: "jpg", png: "png" };

export const PROOF_TOO_LARGE = "Proof of funds can be at most 10 MB.";

export type IncomingProof = { name: string; bytes: Uint8Array };
export type StoredProof = { key: string; fileName: string; contentType: string; byteSize: number };

/**
 * Reads a multipart form with at most one file in `fileField` (10 MB), streaming, so a larger file is
 * refused as soon as it passes the limit. An empty file input counts as no file.
 */
export async function readProofForm(request: Request, fileField: string) {
  if (Number(request.headers.get("Content-Length") ?? 0) > PROOF_MAX_BYTES + FIELDS_ALLOWANCE)
    throw fieldError(413, fileField, PROOF_TOO_LARGE);
  if (!/^multipart\/form-data\b/i.test(request.headers.get("Content-Type") ?? ""))
    throw new ServiceError(415, `Send the file as multipart/form-data in a “${fileField}” field.`);
  let file: IncomingProof | null = null;
  try {
    const form = await parseFormData(
      request,
      { maxFileSize: PROOF_MAX_BYTES, maxFiles: 1, maxTotalSize: PROOF_MAX_BYTES + FIELDS_ALLOWANCE },
      async (upload) => {
        if (upload.fieldName !== fileField || (upload.size === 0 && !upload.name)) return null;
        file = { name: upload.name, bytes: new Uint8Array(await upload.arrayBuffer()) };
        return null;
      },
    );
    return { form, file: file as IncomingProof | null };
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError)
      throw fieldError(413, fileField, PROOF_TOO_LARGE);
    if (error instanceof MaxFilesExceededError) throw fieldError(413, fileField, "Send one file of proof of funds.");
    if (error instanceof FormDataParseError || error instanceof MultipartParseError || error instanceof TypeError)
      throw new ServiceError(400, "The form could not be read. Please send it again.");
    throw error;
  }
}

/** Checks the file by its bytes and stores it privately; the caller records the key (or removes the file). */
export async function storeProof(file: IncomingProof, field = "proof"): Promise<StoredProof> {
  const name = cleanFileName(file.name || "proof-of-funds");
  if (file.bytes.byteLength > PROOF_MAX_BYTES) throw fieldError(413, field, PROOF_TOO_LARGE);
  if (file.bytes.byteLength === 0) throw fieldError(400, field, "The file is empty.");
  const type = await sniffFileType(file.bytes);
  if (type !== "pdf" && type !== "jpeg" && type !== "png") {
    throw fieldError(
      415,
      field,
      `“${name}” is ${type ? TYPE_NAMES[type] : "not a PDF, JPEG or PNG file"}. Proof of funds must be a PDF, JPEG or PNG file.`,
    );
  }
  // The file goes to the seller as it was sent: it must open.
  if (!(await isWhole(type, file.bytes))) throw fieldError(415, field, notWholeMessage(name, type));
  const extension = EXTENSIONS[type];
  const given = extensionOf(name);
  const honest = given === extension || (type === "jpeg" && given === "jpeg");
  const fileName = honest ? name : `${name.replace(/\.[A-Za-z0-9]{1,5}$/, "")}.${extension}`;
  const key = newStorageKey("private/proof-of-funds", extension);
  await fileStore().put(key, file.bytes);
  return { key, fileName, contentType: PROOF_TYPES[type], byteSize: file.bytes.byteLength };
}

export async function removeProof(key: string | null | undefined) {
  if (key) await fileStore().delete(key);
}

/** The download: always an attachment, never sniffed, never cached, no scripts if opened anyway. */
export async function proofResponse(proof: { key: string; fileName: string; contentType: string }) {
  const object = await fileStore().stream(proof.key);
  if (!object) throw new ServiceError(404, "The proof of funds file is missing.");
  const headers = new Headers({
    "Content-Type": proof.contentType,
    "Content-Disposition": attachmentDisposition(proof.fileName),
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "sandbox",
    "Cache-Control": "private, no-store",
  });
  if (object.size !== null) headers.set("Content-Length", String(object.size));
  return new Response(object.body, { headers });
}
