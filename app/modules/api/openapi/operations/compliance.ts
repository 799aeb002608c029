import { z } from "zod";

import type { ComplaintView } from "../../../complaints/complaints.server";
import { ComplaintSchema, FinalResponseSchema } from "../../../complaints/schemas";
import type { ListingApproval } from "../../../listings/approval.server";
import { ListingReviewSchema } from "../../../listings/approval-schemas";
import { APPROVAL_STATES, LISTING_SECTIONS } from "../../../listings/approval-sections";
import { type ApiOperation, documents, idParam, isoDateTime } from "../registry";

const ApprovalJson = documents<ListingApproval>()(
  z
    .object({
      projectId: z.number().int(),
      state: z.enum(APPROVAL_STATES).meta({
        description:
          "`not-requested` (the agency has not asked yet), `awaiting` (asked, not answered), `approved` (as the listing is now), `changes-requested`, `changed` (approved, then changed: asked again).",
      }),
      fingerprint: z.string().meta({
        description: "sha256 of the listing's content now: send it back with the decision, which covers exactly this.",
      }),
      requestedAt: isoDateTime.nullable(),
      changedSinceApproval: z.array(z.enum(LISTING_SECTIONS)),
      latest: z
        .object({
          decision: z.enum(["approved", "changes_requested", "voided"]),
          at: isoDateTime,
          by: z.string().nullable(),
          changes: z.array(z.object({ section: z.enum(LISTING_SECTIONS), label: z.string(), comment: z.string() })),
        })
        .nullable(),
    })
    .meta({ id: "ListingApproval", description: "Where the seller's approval of the listing stands." }),
);

const ComplaintJson = documents<ComplaintView>()(
  z
    .object({
      id: z.number().int(),
      receivedAt: isoDateTime,
      name: z.string(),
      email: z.string(),
      details: z.string(),
      status: z.enum(["open", "resolved"]),
      project: z.object({ id: z.number().int(), address: z.string() }).nullable(),
      finalResponse: z.string().nullable(),
      finalResponseAt: isoDateTime.nullable(),
      redressDeadline: isoDateTime.meta({ description: "Eight calendar weeks after the complaint was received." }),
      daysLeft: z
        .number()
        .int()
        .nullable()
        .meta({ description: "Days left of the eight weeks; 0 when past; null once answered." }),
      clock: z.string().meta({ example: "23 days left" }),
      overdue: z.boolean(),
    })
    .meta({ id: "Complaint", description: "A complaint and its redress-scheme clock." }),
);

const bookingId = idParam("id", "The booking (property) id.");

export const complianceOperations: ApiOperation[] = [
  {
    operationId: "getListingApproval",
    method: "get",
    path: "/vendor/bookings/{id}/approval",
    tag: "Listing approval",
    summary: "Where the seller's approval of the listing stands",
    description:
      "The listing's fingerprint now, the state of the approval, the sections changed since the seller last approved, and the latest decision with any changes asked for. The listing itself reads as GET /properties/{id} shows it once listed.",
    access: "vendor-or-admin",
    params: { path: bookingId },
    responses: { 200: { description: "The approval.", schema: ApprovalJson } },
    errors: {
      400: "The id is not a whole number.",
      401: "Signed out.",
      403: "A buyer.",
      404: "No such booking of yours.",
    },
  },
  {
    operationId: "reviewListing",
    method: "post",
    path: "/vendor/bookings/{id}/approval",
    tag: "Listing approval",
    summary: "Approve the listing, or ask for changes",
    description:
      "The seller approves the listing as it was when they read `fingerprint`, or asks for changes section by section (the agency is emailed). A later change to what buyers see voids the approval and asks again.",
    access: "vendor",
    params: { path: bookingId },
    body: {
      schema: ListingReviewSchema,
      example: {
        decision: "request-changes",
        fingerprint: "0".repeat(64),
        changes: [{ section: "photos", comment: "Please use a brighter photo of the kitchen." }],
      },
    },
    responses: { 200: { description: "The approval after the decision.", schema: ApprovalJson } },
    errors: {
      400: "Invalid body.",
      401: "Signed out.",
      403: "Not a vendor.",
      404: "No such booking of yours.",
      409: "The agency has not asked for approval yet, or the listing changed since `fingerprint` was read.",
      413: "The body is larger than 64 KB.",
      415: "The body is not JSON.",
    },
  },
  {
    operationId: "requestListingApproval",
    method: "post",
    path: "/admin/projects/{id}/approval-request",
    tag: "Listing approval",
    summary: "Ask the seller to approve the listing",
    description:
      "Emails the seller a link to see the listing exactly as buyers will, and approve it or ask for changes.",
    access: "admin",
    params: { path: bookingId },
    responses: { 200: { description: "The approval after asking.", schema: ApprovalJson } },
    errors: {
      400: "The id is not a whole number.",
      401: "Signed out.",
      403: "Not an admin.",
      404: "No property has this id.",
      409: "The seller has already approved the listing as it is now.",
    },
  },
  {
    operationId: "listComplaints",
    method: "get",
    path: "/admin/complaints",
    tag: "Complaints",
    summary: "The complaints log",
    description:
      "Every complaint, open ones first (nearest deadline first), each with the redress scheme's eight-week clock.",
    access: "admin",
    responses: {
      200: {
        description: "The log.",
        schema: z.object({ redressScheme: z.string(), complaints: z.array(ComplaintJson) }),
      },
    },
    errors: { 401: "Signed out.", 403: "Not an admin." },
  },
  {
    operationId: "recordComplaint",
    method: "post",
    path: "/admin/complaints",
    tag: "Complaints",
    summary: "Record a complaint",
    access: "admin",
    body: {
      schema: ComplaintSchema,
      example: {
        name: "Ann Seller",
        email: "ann@example.com",
        details: "No one called me back.",
        received_on: "2026-12-01",
      },
    },
    responses: { 201: { description: "The complaint recorded.", schema: ComplaintJson } },
    errors: {
      400: "Invalid body.",
      401: "Signed out.",
      403: "Not an admin.",
      413: "The body is larger than 64 KB.",
      415: "The body is not JSON.",
      422: "No property has that booking number.",
    },
  },
  {
    operationId: "recordFinalResponse",
    method: "put",
    path: "/admin/complaints/{id}",
    tag: "Complaints",
    summary: "Record a complaint's final response",
    description: "The final response sent to the complainant: the eight-week clock stops.",
    access: "admin",
    params: { path: idParam("id", "The complaint's id.") },
    body: {
      schema: FinalResponseSchema,
      example: { final_response: "We apologise and have refunded…", sent_on: "2026-12-10" },
    },
    responses: { 200: { description: "The complaint answered.", schema: ComplaintJson } },
    errors: {
      400: "Invalid body or id.",
      401: "Signed out.",
      403: "Not an admin.",
      404: "No complaint has this id.",
      409: "The complaint already has its final response.",
      413: "The body is larger than 64 KB.",
      415: "The body is not JSON.",
    },
  },
];
