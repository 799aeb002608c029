import { z } from "zod";

import { PageQuerySchema } from "../../../../lib/pagination";
import { ContactMessageSchema } from "../../../contact/schemas";
import { ValuationRequestSchema } from "../../../valuations/schemas";
import type { toApiValuationRequest } from "../../../valuations/valuations.server";
import { type ApiOperation, documents, idParam, isoDateTime } from "../registry";

const ValuationSchema = documents<ReturnType<typeof toApiValuationRequest>>()(
  z
    .object({
      id: z.number().int(),
      valuationType: z.string(),
      purposeType: z.string(),
      postcode: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      contactNumber: z.string(),
      email: z.string(),
      message: z.string().nullable(),
      marketingConsent: z.boolean(),
      handledAt: isoDateTime.nullable(),
      createdAt: isoDateTime,
    })
    .meta({ id: "ValuationRequest" }),
);

const tooMany = "Too many requests from this address; wait for the number of seconds in Retry-After.";

export const publicSiteOperations: ApiOperation[] = [
  {
    operationId: "sendContactMessage",
    method: "post",
    path: "/contact-us",
    tag: "Enquiries",
    summary: "Send a message to the agency",
    access: "public",
    body: {
      schema: ContactMessageSchema,
      example: {
        first_name: "Ann",
        last_name: "Example",
        email: "ann@example.com",
        phone_number: "07700 900123",
        message: "Do you cover Leicester?",
      },
    },
    responses: {
      201: {
        description: "Saved, and the agency is told by email.",
        schema: z.object({ success: z.literal(true), message: z.string(), id: z.number().int() }),
      },
    },
    errors: {
      400: "A field is missing or not valid (see errors).",
      413: "The body is over 64 KB.",
      415: "The body is not JSON.",
      429: tooMany,
    },
  },
  {
    operationId: "requestValuation",
    method: "post",
    path: "/valuation/request",
    tag: "Enquiries",
    summary: "Ask for a valuation",
    access: "public",
    body: {
      schema: ValuationRequestSchema,
      example: {
        valuationType: "instant",
        purposeType: "sell",
        postcode: "LE1 5WW",
        firstName: "Ann",
        lastName: "Example",
        contactNumber: "07700 900123",
        email: "ann@example.com",
      },
    },
    responses: {
      201: {
        description: "Saved; the requester gets a confirmation by email.",
        schema: z.object({ success: z.literal(true), id: z.number().int() }),
      },
    },
    errors: {
      400: "A field is missing or not valid (see errors).",
      413: "The body is over 64 KB.",
      415: "The body is not JSON.",
      429: tooMany,
    },
  },
  {
    operationId: "listValuationRequests",
    method: "get",
    path: "/valuation/requests",
    tag: "Enquiries",
    summary: "Valuation requests, newest first",
    access: "admin",
    params: { query: PageQuerySchema },
    responses: {
      200: {
        description: "One page of requests.",
        schema: z.object({
          success: z.literal(true),
          data: z.array(ValuationSchema),
          total: z.number().int(),
          page: z.number().int(),
          pageSize: z.number().int(),
          pageCount: z.number().int(),
        }),
      },
    },
    errors: { 400: "page or pageSize is not a whole number in range.", 401: "Signed out.", 403: "Not an admin." },
  },
  {
    operationId: "getValuationRequest",
    method: "get",
    path: "/valuation/request/{id}",
    tag: "Enquiries",
    summary: "One valuation request",
    access: "admin",
    params: { path: idParam("id", "The request's id.") },
    responses: {
      200: { description: "The request.", schema: z.object({ success: z.literal(true), data: ValuationSchema }) },
    },
    errors: {
      400: "The id is not a whole number.",
      401: "Signed out.",
      403: "Not an admin.",
      404: "No request has this id.",
    },
  },
];
