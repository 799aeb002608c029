// The only endpoints that take file uploads. A multipart body sent to one of them is handed to its action
// as it arrives: the action checks who is asking first, then streams the body with its own limits
// (`readFormData` with a byte cap, or `parseFormData` with per-file and total caps in uploads.server.ts),
// and the upload holds no admission turn meanwhile, since its duration is the sender's speed. Every other
// body, multipart included, is at most 1 MiB and is read whole before the request goes on
// (server/request-body.ts). A declared route says `upload: true` (app/edge/declare.ts); one of an area not
// declared yet must be added here, or its files will be refused with 413.
import { uploadRoutes } from "../app/edge/registry";

const UPLOADS_NOT_YET_DECLARED = [
  // The contract signature drawn or uploaded as an image (3 MiB, app/routes/sign-contract.tsx).
  "/sign-contract/:projectId",
  // The admin media tabs without JavaScript, and the API they use with it (100 MB, upload-rules.ts).
  "/admin-property-details/:projectId/media",
  "/api/v1/admin/projects/:id/upload",
  // A buyer's proof of funds with an offer, and added later through the API (10 MB, offers/proof.server.ts).
  "/view-properties/:projectId/offer",
  "/api/v1/offers/:id/proof-of-funds",
];

export const UPLOAD_ENDPOINTS = [...UPLOADS_NOT_YET_DECLARED, ...uploadRoutes()];

// React Router posts a form sent with JavaScript to the route's path plus ".data".
const UPLOAD_PATH = new RegExp(
  `^(?:${UPLOAD_ENDPOINTS.map((route) => route.replace(/:\w+/g, "[^/]+")).join("|")})(?:\\.data|/)?$`,
);

/** Whether a request is a file upload to one of UPLOAD_ENDPOINTS (path without the query). */
export function isUpload(method: string, path: string, contentType: string | undefined) {
  return (
    method !== "GET" &&
    method !== "HEAD" &&
    /^multipart\/form-data\b/i.test(contentType ?? "") &&
    UPLOAD_PATH.test(path)
  );
}
