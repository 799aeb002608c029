import { z } from "zod";

import { PageQuerySchema } from "../../../../lib/pagination";
import type {
  FeedExportSummary,
  PortalHomeRow,
  PortalSettingsSummary,
  PortalSubmissionEntry,
} from "../../../portals/admin-portals.server";
import { PortalHomesFilterSchema } from "../../../portals/schemas";
import { type ApiOperation, documents, idParam, isoDateTime } from "../registry";

const portal = z.enum(["rightmove", "zoopla"]);
const portalAction = z.enum(["send", "remove"]);
const portalOutcome = z.enum(["accepted", "rejected", "failed"]).meta({
  description:
    "accepted: the portal took it; rejected: the portal refused it (not retried); failed: no usable answer (retried).",
});

const PortalSettingsSchema = documents<PortalSettingsSummary>()(
  z
    .object({
      rightmove: z.object({
        on: z.boolean(),
        networkId: z.number().int().nullable(),
        branchId: z.number().int().nullable(),
        endpointHost: z.string().nullable(),
      }),
      blm: z.object({
        branchId: z
          .number()
          .int()
          .meta({ description: "0 when unset: the file is made, but Rightmove would refuse it." }),
      }),
      zoopla: z.object({
        on: z.boolean(),
        branchReference: z.string().nullable(),
        endpointHost: z.string().nullable(),
      }),
    })
    .meta({ id: "PortalSettings", description: "The portal settings the server runs with (no credentials)." }),
);

const FeedExportSchema = documents<FeedExportSummary>()(
  z
    .object({
      id: z.number().int(),
      fileName: z.string(),
      location: z.string().meta({ description: "A path under RIGHTMOVE_BLM_EXPORT_DIR, or a key in the file store." }),
      propertyCount: z.number().int(),
      mediaCount: z.number().int(),
      byteSize: z.number().int(),
      createdAt: isoDateTime,
    })
    .meta({ id: "FeedExport", description: "A Rightmove BLM file the export wrote." }),
);

const PortalListingSchema = z
  .object({
    portal,
    state: z.enum(["live", "removed", "not_sent", "rejected", "failed"]),
    listingRef: z.string().nullable().meta({ description: "Our reference for the home on the portal (MW{id})." }),
    lastAction: portalAction.nullable(),
    lastOutcome: portalOutcome.nullable(),
    lastStatus: z
      .string()
      .nullable()
      .meta({ description: "What we last told it: available, under_offer, sold_stc, sold, withdrawn." }),
    lastReason: z.string().nullable().meta({ description: "Why the last request went: listed, price change, resend…" }),
    lastAttemptAt: isoDateTime.nullable(),
    answer: z.string().nullable().meta({ description: "The portal's last answer or the error, in a line." }),
    portalId: z.string().nullable(),
    portalUrl: z.string().nullable(),
  })
  .meta({ id: "PortalListing" });

const PortalHomeSchema = documents<PortalHomeRow>()(
  z
    .object({
      projectId: z.number().int(),
      address: z.string(),
      exists: z.boolean().meta({ description: "False once the home has been deleted (its portal records stay)." }),
      status: z.enum(["pending", "completed", "sold"]).nullable(),
      saleStatus: z.enum(["for_sale", "under_offer", "sold_stc"]).nullable(),
      sendToPortals: z.boolean().nullable(),
      belongsOnPortals: z
        .boolean()
        .meta({ description: "Listed (or sold) and switched on: a sync or resend sends it." }),
      portals: z.array(PortalListingSchema),
    })
    .meta({ id: "PortalHome", description: "A home's state on each portal." }),
);

const PortalSubmissionSchema = documents<PortalSubmissionEntry>()(
  z
    .object({
      id: z.number().int(),
      portal,
      action: portalAction,
      reason: z.string(),
      outcome: portalOutcome,
      httpStatus: z.number().int().nullable(),
      error: z.string().nullable(),
      durationMs: z.number().int(),
      payload: z.unknown().meta({ description: "The JSON sent." }),
      answer: z.unknown().meta({ description: "The portal's JSON answer (or its text); null when there was none." }),
      createdAt: isoDateTime,
    })
    .meta({ id: "PortalSubmission", description: "One request sent to a portal, and its answer." }),
);

const pageFields = {
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
};
const portalPageQuery = PageQuerySchema.extend({
  pageSize: PageQuerySchema.shape.pageSize.unwrap().optional().meta({ description: "1 to 100; 50 when left out." }),
});
const projectPath = idParam("projectId", "The home's (project's) id.");
const signedOut = "Signed out, or the token is not valid.";
const notAdmin = "Not an admin.";
const noHome = "No home and no portal records with that id.";

const tag = "Portals";

export const portalOperations: ApiOperation[] = [
  {
    operationId: "downloadRightmoveBlm",
    method: "get",
    path: "/admin/feeds/rightmove.zip",
    tag,
    summary: "The Rightmove BLM file (zip) as it would be sent now",
    description:
      "A zip holding `<branch>_<YYYYMMDDHH>.BLM` (Rightmove Automated Datafeed v3: `#HEADER#`, `#DEFINITION#`, `#DATA#`, `#END#`, fields separated by `^`, records by `~`) and each home's media named `<AGENT_REF>_IMG_00.jpg`, `_FLP_00.png`, `_DOC_00.pdf`, `_DOC_50.pdf` (EPC) and `_IMG_60.png` (EPC graph). It carries every listed home that is for sale, under offer or sold STC with 'Send to portals' on: a full file, so Rightmove takes down what it leaves out. A media file missing from the store is left out with its column empty. The same file is written daily at 05:00 (UK time).",
    access: "admin",
    responses: {
      200: {
        description: "The zip, made as it downloads (no Content-Length).",
        file: "application/zip",
        headers: { "Content-Disposition": 'attachment; filename="2002_2026112605.zip"' },
      },
    },
    errors: { 401: signedOut, 403: notAdmin },
  },
  // Admin portal status
  // Admin portal status
  {
    operationId: "listPortalHomes",
    method: "get",
    path: "/admin/portals",
    tag,
    summary: "The portal settings, the BLM files written, and each home's state on each portal",
    description:
      "Every home a portal has heard of and every listed home switched on, the most recently sent first (50 a page).",
    access: "admin",
    params: { query: portalPageQuery.extend(PortalHomesFilterSchema.shape) },
    responses: {
      200: {
        description: "The settings, the latest BLM files and one page of homes.",
        schema: z.object({
          settings: PortalSettingsSchema,
          exports: z.array(FeedExportSchema),
          data: z.array(PortalHomeSchema),
          ...pageFields,
        }),
      },
    },
    errors: { 400: "problems, page or pageSize is not valid.", 401: signedOut, 403: notAdmin },
  },
  {
    operationId: "getPortalHistory",
    method: "get",
    path: "/admin/portals/{projectId}",
    tag,
    summary: "A home's state on each portal and every request sent for it, newest first",
    access: "admin",
    params: { path: projectPath, query: portalPageQuery },
    responses: {
      200: {
        description: "The home and one page of its requests.",
        schema: z.object({ home: PortalHomeSchema, data: z.array(PortalSubmissionSchema), ...pageFields }),
      },
    },
    errors: { 400: "page or pageSize is not valid.", 401: signedOut, 403: notAdmin, 404: noHome },
  },
  {
    operationId: "resendToPortals",
    method: "post",
    path: "/admin/portals/{projectId}/resend",
    tag,
    summary: "Send a home to every portal that is on again now",
    description: "Sent even when nothing has changed since the portal last accepted it; recorded in the audit log.",
    access: "admin",
    params: { path: projectPath },
    responses: {
      202: {
        description: "Queued: the workers send it in a moment (its result shows in the home's history).",
        schema: z.object({ message: z.string(), queued: z.array(portal) }),
      },
    },
    errors: {
      401: signedOut,
      403: notAdmin,
      404: noHome,
      409: "No portal is on, or the home cannot go (not listed, 'Send to portals' off, or deleted): the message says which.",
    },
  },
];
