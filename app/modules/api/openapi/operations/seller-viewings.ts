import { z } from "zod";

import { POSITIONS } from "../../../offers/positions";
import { INTERESTS, VIEWING_STATUSES, viewingDecisionSchema, viewingFeedbackSchema } from "../../../viewings/schemas";
import type { ViewingJson } from "../../../viewings/seller-viewings.server";
import { type ApiOperation, documents, idParam, isoDate, isoDateTime } from "../registry";

const time = z.string().meta({ description: "24-hour HH:MM, a half-hour slot 09:00–17:30", example: "10:30" });

const FeedbackSchema = z
  .object({
    source: z
      .enum(["agency", "buyer"])
      .meta({ description: "Recorded by the agency, or left by the buyer from the emailed link." }),
    attended: z.boolean().meta({ description: "false: the requester did not come." }),
    interest: z.enum(INTERESTS).nullable(),
    comment: z.string(),
    position: z.enum(POSITIONS).nullable().meta({ description: "The buyer's position, when known." }),
    updatedAt: isoDateTime,
  })
  .meta({ id: "ViewingFeedback", description: "Feedback on a viewing, one per source." });

export const SellerViewingSchema = documents<ViewingJson>()(
  z
    .object({
      id: z.number().int(),
      propertyId: z.number().int(),
      address: z.string(),
      date: isoDate,
      time,
      status: z.enum(VIEWING_STATUSES).meta({
        description:
          "pending: waiting for an answer; confirmed (the requester has a calendar invitation); declined; proposed: another slot (proposedDate, proposedTime) waits for the requester; cancelled.",
      }),
      proposedDate: isoDate.nullable(),
      proposedTime: time.nullable(),
      name: z.string().meta({ description: "The requester's name." }),
      email: z.string().optional().meta({ description: "Admins only." }),
      phone: z.string().optional().meta({ description: "Admins only." }),
      message: z.string().nullable().optional().meta({ description: "Admins only." }),
      feedback: z.array(FeedbackSchema),
      createdAt: isoDateTime,
      handledAt: isoDateTime.nullable(),
    })
    .meta({
      id: "SellerViewing",
      description: "A request to view a seller's home, as the seller and the agency see it.",
    }),
);

const homeParams = z.object({
  id: z.string().regex(/^\d+$/).meta({ description: "The home's (booking's) id.", example: "1" }),
});
const homeAndViewing = homeParams.extend({
  viewingId: z.string().regex(/^\d+$/).meta({ description: "The viewing's id.", example: "1" }),
});
const notYours = "No such home among yours (another vendor's home answers 404 too), or no such viewing of it.";

export const sellerViewingOperations: ApiOperation[] = [
  {
    operationId: "listSellerViewings",
    method: "get",
    path: "/vendor/bookings/{id}/viewings",
    tag: "Viewings",
    summary: "The viewings of my home",
    description:
      "Every request to view the home: upcoming ones first (soonest first), then past ones (latest first). The requester's email and phone are included only for admins.",
    access: "vendor-or-admin",
    params: { path: homeParams },
    responses: { 200: { description: "The viewings.", schema: z.object({ viewings: z.array(SellerViewingSchema) }) } },
    errors: { 401: "Signed out.", 403: "Not a vendor or admin account.", 404: notYours },
  },
  {
    operationId: "decideSellerViewing",
    method: "put",
    path: "/vendor/bookings/{id}/viewings/{viewingId}",
    tag: "Viewings",
    summary: "Confirm, decline, propose another time for, or cancel a viewing",
    description:
      "`confirm` and `decline` answer a pending request; `propose` (with `date`, from tomorrow on, and `time`, a half-hour slot) offers another slot and emails the requester a link to accept it; `cancel` calls off a confirmed viewing that has not started, or a proposal. The requester is emailed each time; a confirmation carries a calendar invitation (.ics), a cancellation of a confirmed viewing its CANCEL.",
    access: "vendor-or-admin",
    params: { path: homeAndViewing },
    body: { schema: viewingDecisionSchema(), example: { action: "propose", date: "2026-12-03", time: "14:30" } },
    responses: { 200: { description: "The viewing as it now stands.", schema: SellerViewingSchema } },
    errors: {
      400: "The action is not one of the four, or a proposed date or time is not valid (see errors).",
      401: "Signed out.",
      403: "Not a vendor or admin account.",
      404: notYours,
      409: "The viewing's status does not allow this (e.g. it was already confirmed or has taken place).",
      413: "The body is over 64 KB.",
      415: "The body is not JSON.",
    },
  },
  {
    operationId: "recordViewingFeedback",
    method: "put",
    path: "/admin/viewings/{id}/feedback",
    tag: "Viewings",
    summary: "Record the agency's feedback on a viewing",
    description:
      "For a confirmed viewing (normally after its slot; the buyer's own feedback link opens only then). Saving again replaces the agency's record (the buyer's own feedback is kept apart). `interest` is required when `attended` is true. The seller is emailed.",
    access: "admin",
    params: { path: idParam("id", "The viewing's id.") },
    body: {
      schema: viewingFeedbackSchema,
      example: { attended: true, interest: "interested", comment: "Loved the garden.", position: "first-time-buyer" },
    },
    responses: { 200: { description: "The viewing with its feedback.", schema: SellerViewingSchema } },
    errors: {
      400: "A field is missing or not valid (see errors).",
      401: "Signed out.",
      403: "Not an admin account.",
      404: "No viewing has this id.",
      409: "The viewing is not confirmed (pending, proposed, declined or cancelled).",
      413: "The body is over 64 KB.",
      415: "The body is not JSON.",
    },
  },
];
