import { z } from "zod";

import { MILESTONE_API_KEYS } from "../../../sales/milestones";
import type { toSaleJson } from "../../../sales/sale-json";
import { PUBLIC_SALE_STATUSES } from "../../../sales/sale-status";
import { ProgressionUpdateSchema } from "../../../sales/schemas";
import { type ApiOperation, documents, idParam, isoDate, isoDateTime } from "../registry";

/** A listed home's public sale status, on every public read of a listing. */
export const PublicSaleStatusSchema = z.enum(PUBLIC_SALE_STATUSES).meta({
  id: "SaleStatus",
  description:
    "Where the home's sale has got to: `for-sale`; `under-offer` (an offer accepted); `sold-stc` (memorandum of sale issued, sold subject to contract); `sold` (completed).",
});

const SolicitorJson = z
  .object({ firm: z.string(), name: z.string(), email: z.string(), phone: z.string(), address: z.string() })
  .meta({ id: "Solicitor", description: "One side's solicitor (conveyancer); empty strings where not recorded." });

export const SaleSchema = z
  .object({
    id: z.number().int(),
    propertyId: z.number().int(),
    offerId: z.number().int(),
    address: z.string(),
    state: z.enum(["in-progress", "completed", "fallen-through"]),
    agreedPrice: z.number().int().meta({ description: "Whole pounds." }),
    buyerName: z
      .string()
      .nullable()
      .meta({ description: "Given to admins; null only in a seller's view of a sale that fell through." }),
    solicitors: z.object({ seller: SolicitorJson, buyer: SolicitorJson }),
    subjectTo: z.string().meta({ description: "The conditions the memorandum of sale names; empty for none." }),
    memorandumIssuedAt: isoDateTime.nullable(),
    memorandumUrl: z
      .string()
      .nullable()
      .meta({ description: "The memorandum PDF (for the seller, the buyer and admins); null until issued." }),
    milestones: z
      .array(
        z.object({
          key: z.enum(MILESTONE_API_KEYS),
          label: z.string(),
          date: isoDate.nullable(),
          note: z.string(),
          status: z.enum(["done", "planned", "not-yet"]).meta({
            description: "`done`: dated today or earlier (UK); `planned`: an exchange or completion dated ahead.",
          }),
        }),
      )
      .meta({ description: "Every milestone, in order." }),
    fallThroughReason: z.string().nullable(),
    startedAt: isoDateTime,
    endedAt: isoDateTime.nullable(),
  })
  .meta({ id: "Sale", description: "A sale from an accepted offer to completion (or falling through)." });

const SaleJson = documents<ReturnType<typeof toSaleJson>>()(SaleSchema);

const id = idParam("id", "The property's id.");

export const salesOperations: ApiOperation[] = [
  {
    operationId: "getProgression",
    method: "get",
    path: "/admin/projects/{id}/progression",
    tag: "Sales progression",
    summary: "A home's sales progression",
    description: "The sale in progress (null when there is none) and every sale of the home, newest first.",
    access: "admin",
    params: { path: id },
    responses: {
      200: {
        description: "The sale in progress and all sales.",
        schema: z.object({ sale: SaleJson.nullable(), sales: z.array(SaleJson) }),
      },
    },
    errors: {
      400: "The id is not a whole number.",
      401: "Signed out.",
      403: "Not an admin.",
      404: "No property has this id.",
    },
  },
  {
    operationId: "updateProgression",
    method: "put",
    path: "/admin/projects/{id}/progression",
    tag: "Sales progression",
    summary: "Update a home's sale",
    description:
      "In one save: either side's solicitor (a side given replaces all its fields), the subject-to text, milestone dates (`null` clears one; only `exchange` and `completion` may be dated ahead, as planned), issuing the memorandum of sale (needs both firms; emails the PDF to the seller, the buyer and both solicitors; the home becomes Sold STC), or the sale falling through (the home is For sale again). A `completion` dated today or earlier completes the sale: the home is Sold. Each save is audited and emailed to the seller and the buyer.",
    access: "admin",
    params: { path: id },
    body: {
      schema: ProgressionUpdateSchema,
      example: {
        solicitors: {
          seller: { firm: "Granby Law LLP", email: "sue@granbylaw.example" },
          buyer: { firm: "Clarendon Conveyancing" },
        },
        milestones: [{ key: "seller-solicitor-instructed", date: "2026-11-20", note: "Instructed by phone" }],
        issueMemorandum: true,
      },
    },
    responses: { 200: { description: "The sale after the save.", schema: z.object({ sale: SaleJson }) } },
    errors: {
      400: "Invalid body, or nothing to change.",
      401: "Signed out.",
      403: "Not an admin.",
      404: "No sale in progress for this home.",
      409: "The memorandum of sale while the buyer has not passed the identity and anti-money-laundering check (LISTING_CHECKS=enforce; the message says so).",
      413: "The body is larger than 64 KB.",
      415: "The body is not JSON.",
      422: "A milestone other than exchange or completion dated in the future; the memorandum without both firms; completing and falling through at once.",
    },
  },
];
