import { z } from "zod";

import type { CheckJson } from "../../../compliance/checks.server";
import { SELLER_CAPACITIES } from "../../../compliance/options";
import { AddSellerCheckSchema, UpdateCheckSchema } from "../../../compliance/schemas";
import { type ApiOperation, documents, idParam, isoDateTime } from "../registry";

const tag = "Compliance checks";
const signedOut = "Signed out, or the token is not valid.";
const notAdmin = "Not an admin.";
const bodyErrors = { 413: "The body is over 64 KB.", 415: "The body is not JSON." } as const;

const status = z.enum(["pending", "in_review", "possible_match", "passed", "failed"]).meta({
  description:
    "pending: waiting for documents or the online check; in_review: evidence in, waiting for staff; possible_match: the sanctions screen stopped it for a person to decide; passed; failed.",
});

export const CheckSchema = documents<CheckJson>()(
  z
    .object({
      id: z.number().int(),
      bookingId: z
        .number()
        .int()
        .nullable()
        .meta({ description: "The home; null once it was deleted (the record stays)." }),
      offerId: z.number().int().nullable().meta({ description: "For a buyer: the accepted offer." }),
      party: z.enum(["seller", "buyer"]),
      capacity: z.string().meta({ description: `${SELLER_CAPACITIES.join(", ")}, or buyer.` }),
      fullName: z.string(),
      email: z.string(),
      address: z.string().meta({ description: "The home's address when the check was made." }),
      provider: z.enum(["manual", "stripe_identity"]),
      status,
      identityVerified: z.boolean(),
      addressVerified: z.boolean(),
      evidence: z.string(),
      sourceOfFunds: z.string().nullable(),
      sourceOfFundsChecked: z.boolean(),
      riskRating: z.enum(["standard", "enhanced"]).nullable(),
      riskReasons: z.array(z.string()),
      sanctionsScreenedAt: isoDateTime.nullable(),
      sanctionsMatches: z.array(
        z.object({ groupId: z.string(), name: z.string(), regime: z.string(), score: z.number() }),
      ),
      decidedAt: isoDateTime.nullable(),
      decisionNote: z.string(),
      createdAt: isoDateTime,
      documents: z.array(
        z.object({
          id: z.number().int(),
          kind: z.string(),
          fileName: z.string(),
          byteSize: z.number().int(),
          createdAt: isoDateTime,
        }),
      ),
    })
    .meta({ id: "DueDiligenceCheck", description: "One person's identity and anti-money-laundering check." }),
);

const GateSchema = z
  .object({ key: z.string(), label: z.string(), met: z.boolean(), missing: z.string().nullable() })
  .meta({ id: "Gate", description: "One condition a step waits for." });

const projectId = idParam("id", "The project's id.");
const checkId = idParam("id", "The check's id.");

export const dueDiligenceOperations: ApiOperation[] = [
  {
    operationId: "getProjectChecks",
    method: "get",
    path: "/admin/projects/{id}/checks",
    tag,
    summary: "A home's listing gates and its checks",
    description:
      "Whether the home may be listed (contract signed, package paid, every seller passed, Part A material information complete, not the admin's own home), how strictly that holds (LISTING_CHECKS), and each person's check.",
    access: "admin",
    params: { path: projectId },
    responses: {
      200: {
        description: "The gates and the checks.",
        schema: z.object({
          mode: z.enum(["enforce", "warn"]),
          ready: z.boolean(),
          gates: z.array(GateSchema),
          checks: z.array(CheckSchema),
        }),
      },
    },
    errors: { 401: signedOut, 403: notAdmin, 404: "No project has this id." },
  },
  {
    operationId: "addSellerCheck",
    method: "post",
    path: "/admin/projects/{id}/checks",
    tag,
    summary: "Add a seller to check",
    description:
      "Each owner, joint owner and beneficial owner of a home is checked. The buyer's check opens by itself when an offer is accepted.",
    access: "admin",
    params: { path: projectId },
    body: {
      schema: AddSellerCheckSchema,
      example: { fullName: "Ann Example", email: "ann@example.com", capacity: "owner" },
    },
    responses: { 201: { description: "The new check.", schema: CheckSchema } },
    errors: { 400: "Invalid body.", 401: signedOut, 403: notAdmin, 404: "No project has this id.", ...bodyErrors },
  },
  {
    operationId: "getCheck",
    method: "get",
    path: "/admin/checks/{id}",
    tag,
    summary: "One check",
    access: "admin",
    params: { path: checkId },
    responses: { 200: { description: "The check.", schema: CheckSchema } },
    errors: { 401: signedOut, 403: notAdmin, 404: "No check has this id." },
  },
  {
    operationId: "updateCheck",
    method: "put",
    path: "/admin/checks/{id}",
    tag,
    summary: "Record a check, or decide a possible sanctions match",
    description:
      '`action: "record"`: what staff saw; a pass needs identity and address verified (and for a buyer the source of funds, checked), screens the name against the UK sanctions list and rates the risk. A possible match stops the check (`possible_match`) until `action: "decide"` says whether it is the listed person.',
    access: "admin",
    params: { path: checkId },
    body: {
      schema: UpdateCheckSchema,
      example: {
        action: "record",
        identityVerified: true,
        addressVerified: true,
        evidence: "Passport 123456789 and a council tax bill, seen by Ada on 7 December.",
        riskFactors: { politicallyExposed: false },
        outcome: "pass",
      },
    },
    responses: { 200: { description: "The check after the change.", schema: CheckSchema } },
    errors: {
      400: "Invalid body.",
      401: signedOut,
      403: notAdmin,
      404: "No check has this id.",
      409: "The check is already decided, has no match to decide, or no sanctions list has been imported.",
      422: "A pass without identity and address verified, or for a buyer without a checked source of funds.",
      ...bodyErrors,
    },
  },
  {
    operationId: "listMyChecks",
    method: "get",
    path: "/checks",
    tag,
    summary: "The signed-in person's own checks",
    description:
      "Sellers and buyers see their own checks and where each stands. A possible sanctions match shows as in_review.",
    access: "signed-in",
    responses: {
      200: { description: "Their checks, newest first.", schema: z.object({ data: z.array(CheckSchema) }) },
    },
    errors: { 401: signedOut },
  },
];
