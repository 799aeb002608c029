// The list of upload endpoints (server/upload-endpoints.ts) is the only way past the 1 MiB body cap, so it
// must name exactly the routes whose actions read files.
import { readFileSync } from "node:fs";

import { expect, test } from "vitest";

import { isUpload, UPLOAD_ENDPOINTS } from "../../server/upload-endpoints";
import { routeFiles } from "../support/route-files";

/** What an action that takes files calls (or a page whose form sends them says). */
const READS_FILES =
  /readFormData\(|uploadProjectMedia\(|parseFormData\(|readProofForm\(|encType="multipart\/form-data"/;

test("every route whose action reads files is an upload endpoint, and every upload endpoint is such a route", () => {
  const readingFiles = routeFiles()
    .filter(([file]) => READS_FILES.test(readFileSync(`app/${file}`, "utf8")))
    .map(([, path]) => path);
  expect(readingFiles.sort()).toEqual([...UPLOAD_ENDPOINTS].sort());
});

test("a multipart post or put to an upload endpoint is an upload, with JavaScript (.data) or without", () => {
  const multipart = "multipart/form-data; boundary=----x";
  expect(isUpload("POST", "/sign-contract/12", multipart)).toBe(true);
  expect(isUpload("POST", "/sign-contract/12.data", multipart)).toBe(true);
  expect(isUpload("POST", "/admin-property-details/12/media", multipart)).toBe(true);
  expect(isUpload("PUT", "/api/v1/admin/projects/12/upload", multipart)).toBe(true);
  expect(isUpload("POST", "/view-properties/12/offer", multipart)).toBe(true);
  expect(isUpload("POST", "/view-properties/12/offer.data", multipart)).toBe(true);
  expect(isUpload("PUT", "/api/v1/offers/12/proof-of-funds", multipart)).toBe(true);
  expect(isUpload("PUT", "/api/v1/offers/12", multipart)).toBe(false);
  // Not an upload endpoint, not multipart, or not a write.
  expect(isUpload("POST", "/sign-contract/12/contract.pdf", multipart)).toBe(false);
  expect(isUpload("POST", "/contact-us", multipart)).toBe(false);
  expect(isUpload("POST", "/admin-property-details/12/media/x", multipart)).toBe(false);
  expect(isUpload("POST", "/admin-property-details/12/media", "application/x-www-form-urlencoded")).toBe(false);
  expect(isUpload("GET", "/sign-contract/12", multipart)).toBe(false);
});
