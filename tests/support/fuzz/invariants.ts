// What every stored row must satisfy, whatever was sent: the row read back through the same zod schema
// the form and API use gives the same values (so nothing unvalidated or un-normalised got in), plus the
// rules the schema cannot say (prices positive, known enums, no NUL or lone surrogates in any text).
import { z } from "zod";

import { prisma } from "../../../app/lib/db.server";
import { emailAddress, phoneNumber } from "../../../app/lib/fields";
import { isStorableText } from "../../../app/lib/storable-text";
import { COMPLAINT_DETAILS_MAX } from "../../../app/modules/complaints/options";
import { SELLER_CAPACITIES, TEXT_MAX } from "../../../app/modules/compliance/options";
import { SarSchema } from "../../../app/modules/compliance/schemas";
import { ContactMessageSchema } from "../../../app/modules/contact/schemas";
import { normalisePostcode } from "../../../app/modules/geo/postcode";
import { CHANGE_COMMENT_MAX, LISTING_SECTIONS } from "../../../app/modules/listings/approval-sections";
import { OFFER_MAX, OFFER_MIN } from "../../../app/modules/offers/state";
import { PROOF_MAX_BYTES } from "../../../app/modules/offers/texts";
import { PROPERTY_TYPES, TENURES } from "../../../app/modules/projects/options";
import { canonicalQuery } from "../../../app/modules/saved-searches/saved-searches.server";
import { alertFrequency, filtersOfQuery, searchName } from "../../../app/modules/saved-searches/schemas";
import { ValuationRequestSchema } from "../../../app/modules/valuations/schemas";
import { viewingRequestApiSchema } from "../../../app/modules/viewings/schemas";
import { VIEWING_SLOTS } from "../../../app/modules/viewings/slots";

export type Table =
  | "contactMessage"
  | "valuationRequest"
  | "viewingRequest"
  | "user"
  | "session"
  | "project"
  | "payment"
  | "projectImage"
  | "floorPlan"
  | "projectDocument"
  | "apiToken"
  | "savedHome"
  | "savedSearch"
  | "offer"
  | "offerEvent"
  | "listingReview"
  | "listingChangeRequest"
  | "complaint"
  | "dueDiligenceCheck"
  | "suspiciousActivityReport"
  | "riskAssessment";
export const TABLES: Table[] = [
  "contactMessage",
  "valuationRequest",
  "viewingRequest",
  "user",
  "session",
  "project",
  "payment",
  "projectImage",
  "floorPlan",
  "projectDocument",
  "apiToken",
  "savedHome",
  "savedSearch",
  "offer",
  "offerEvent",
  "listingReview",
  "listingChangeRequest",
  "complaint",
  "dueDiligenceCheck",
  "suspiciousActivityReport",
  "riskAssessment",
];

/** What an uploaded file's row must hold: a safe name and key, a known type, a real size. */
const storedFile = (types: readonly string[], nameColumn: string) =>
  z.object({
    [nameColumn]: z
      .string()
      .min(1)
      .max(130)
      // eslint-disable-next-line no-control-regex -- control characters are what the rule looks for
      .refine((n) => !/[\\/\u0000-\u001f\u007f]/.test(n), "holds a path or control character"),
    storageKey: z.string().regex(/^[a-z]+\/[\w.-]+$/),
    contentType: z.enum(types as [string, ...string[]]),
    byteSize: z.number().int().min(1),
  });

type Row = Record<string, unknown> & { id: number | string };

const isoDay = (date: unknown) => (date instanceof Date ? date.toISOString().slice(0, 10) : String(date));

/** Text a PostgreSQL column and a mail header can hold: no NUL, no lone surrogates. */
function badText(row: Row): string | null {
  for (const [column, value] of Object.entries(row)) {
    const texts =
      typeof value === "string"
        ? [value]
        : Array.isArray(value)
          ? value.filter((v): v is string => typeof v === "string")
          : [];
    for (const text of texts) {
      if (!isStorableText(text)) return `${column} contains a NUL or a lone surrogate`;
    }
  }
  return null;
}

/** `schema` accepts `input` and gives back `expected` (the stored values) for the listed keys. */
function roundTrips(
  schema: z.ZodType,
  input: Record<string, unknown>,
  expected: Record<string, unknown>,
): string | null {
  const parsed = schema.safeParse(input);
  if (!parsed.success)
    return `fails its schema: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`;
  const out = parsed.data as Record<string, unknown>;
  for (const [key, value] of Object.entries(expected)) {
    if ((out[key] ?? null) !== (value ?? null))
      return `${key} is stored as ${JSON.stringify(value)}, its schema makes it ${JSON.stringify(out[key])}`;
  }
  return null;
}

const CHECKS: Record<Table, (row: Row) => string | null> = {
  contactMessage: (r) =>
    roundTrips(
      ContactMessageSchema,
      {
        first_name: r.firstName,
        last_name: r.lastName,
        email: r.email,
        phone_number: r.phoneNumber,
        country: r.country ?? undefined,
        message: r.message,
      },
      {
        first_name: r.firstName,
        last_name: r.lastName,
        email: r.email,
        phone_number: r.phoneNumber ?? undefined,
        message: r.message,
      },
    ),
  valuationRequest: (r) =>
    roundTrips(
      ValuationRequestSchema,
      { ...r, message: r.message ?? undefined },
      {
        postcode: r.postcode,
        firstName: r.firstName,
        lastName: r.lastName,
        email: r.email,
        contactNumber: r.contactNumber,
        message: r.message ?? undefined,
        purposeType: r.purposeType,
      },
    ),
  viewingRequest: (r) =>
    (VIEWING_SLOTS.includes(String(r.preferredTime))
      ? null
      : `preferredTime ${JSON.stringify(r.preferredTime)} is not a slot`) ??
    roundTrips(
      viewingRequestApiSchema(r.createdAt as Date),
      {
        propertyId: r.projectId,
        firstName: r.firstName,
        lastName: r.lastName,
        email: r.email,
        phoneNumber: r.phoneNumber,
        message: r.message,
        preferredDate: isoDay(r.preferredDate),
        preferredTime: r.preferredTime,
      },
      {
        firstName: r.firstName,
        lastName: r.lastName,
        email: r.email,
        phoneNumber: r.phoneNumber,
        message: r.message ?? undefined,
      },
    ),
  user: (r) =>
    roundTrips(
      z.object({
        email: emailAddress,
        fullName: z.string().trim().min(1).max(100),
        phoneNumber: z.union([z.literal(""), phoneNumber]),
        passwordHash: z.string().regex(/^\$argon2id\$/),
        role: z.enum(["admin", "vendor", "buyer"]),
      }),
      r,
      { email: r.email, fullName: r.fullName, phoneNumber: r.phoneNumber },
    ),
  session: (r) => ((r.expiresAt as Date) > (r.createdAt as Date) ? null : "expires before it was created"),
  project: (r) =>
    roundTrips(
      z.object({
        address: z.string().trim().min(5).max(200),
        postcode: z.string().refine((p) => normalisePostcode(p) === p, "postcode is not normalised"),
        price: z.number().int().min(1).max(100_000_000),
        propertyType: z.enum(PROPERTY_TYPES),
        tenure: z.enum(TENURES),
        bedrooms: z.number().int().min(0).max(50),
        bathrooms: z.number().int().min(0).max(50),
        sizeSqft: z.number().int().min(1).max(1_000_000).nullable(),
        keyFeatures: z.array(z.string().trim().min(1).max(100)).max(20),
        description: z.string().max(5000),
        latitude: z.number().min(49.8).max(60.9).nullable(),
        longitude: z.number().min(-8.7).max(1.8).nullable(),
        contractSignerName: z.string().trim().min(2).max(100).nullable(),
        contractTextHash: z
          .string()
          .regex(/^[a-f0-9]{64}$/)
          .nullable(),
        contractSignature: z
          .string()
          .regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+=*$/)
          .nullable(),
      }),
      r,
      { address: r.address },
    ),
  projectImage: (r) =>
    roundTrips(
      storedFile(["image/webp"], "fileName").extend({
        altText: z.string().trim().min(1).max(250),
        position: z.number().int().min(0),
      }),
      r,
      { altText: r.altText },
    ),
  floorPlan: (r) => roundTrips(storedFile(["image/webp"], "fileName"), r, {}),
  projectDocument: (r) =>
    roundTrips(
      storedFile(
        [
          "application/pdf",
          "application/msword",
          "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        ],
        "name",
      ).extend({ type: z.enum(["EPC", "RICS", "OTHER"]) }),
      r,
      {},
    ),
  apiToken: (r) =>
    roundTrips(z.object({ name: z.string().trim().min(1).max(80), tokenHash: z.string().regex(/^[a-f0-9]{64}$/) }), r, {
      name: r.name,
    }),
  // Only public homes are saved, with the price and address they had then.
  savedHome: (r) =>
    roundTrips(
      z.object({
        priceAtSave: z.number().int().min(1).max(100_000_000),
        statusAtSave: z.enum(["completed", "sold"]),
        addressAtSave: z.string().trim().min(5).max(200),
      }),
      r,
      {},
    ),
  // A saved search's query is the canonical form of a search the results page reads.
  savedSearch: (r) => {
    const filters = filtersOfQuery(String(r.query));
    if (!filters.success) return `query ${JSON.stringify(r.query)} is not a search`;
    if (canonicalQuery(filters.data) !== r.query) return `query ${JSON.stringify(r.query)} is not canonical`;
    return roundTrips(z.object({ name: searchName, frequency: alertFrequency }), r, { name: r.name });
  },
  offer: (r) => {
    const amount = z.number().int().min(OFFER_MIN).max(OFFER_MAX);
    const problem = roundTrips(
      z.object({
        amount,
        counterAmount: amount.nullable(),
        status: z.enum(["pending", "countered", "accepted", "rejected", "withdrawn", "fallen_through"]),
        buyerName: z.string().min(1),
        proofKey: z
          .string()
          .regex(/^private\/proof-of-funds\/[0-9a-f]+\.(pdf|jpg|png)$/)
          .nullable(),
        proofContentType: z.enum(["application/pdf", "image/jpeg", "image/png"]).nullable(),
        proofByteSize: z.number().int().min(1).max(PROOF_MAX_BYTES).nullable(),
      }),
      r,
      {},
    );
    if (problem) return problem;
    if (r.status === "countered" && (r.counterAmount === null || (r.counterAmount as number) <= (r.amount as number)))
      return "countered without a counter above the offer";
    if (r.status !== "countered" && r.counterAmount !== null) return `${String(r.status)} with a counter-offer`;
    if ((r.proofKey === null) !== (r.proofFileName === null))
      return "a proof of funds key without its name, or the reverse";
    return null;
  },
  offerEvent: (r) =>
    roundTrips(
      z.object({
        action: z.enum(["made", "countered", "raised", "accepted", "rejected", "withdrawn", "proof_of_funds"]),
        by: z.enum(["buyer", "seller", "agency"]),
        amount: z.number().int().min(OFFER_MIN).max(OFFER_MAX).nullable(),
      }),
      r,
      {},
    ),
  listingReview: (r) =>
    roundTrips(
      z.object({
        decision: z.enum(["approved", "changes_requested", "voided"]),
        fingerprint: z.string().regex(/^[0-9a-f]{64}$/),
      }),
      r,
      {},
    ),
  listingChangeRequest: (r) =>
    roundTrips(
      z.object({
        section: z.enum(LISTING_SECTIONS),
        comment: z
          .string()
          .min(1)
          .max(CHANGE_COMMENT_MAX * 2 + 2),
      }),
      r,
      {},
    ),
  complaint: (r) => {
    const problem = roundTrips(
      z.object({
        name: z.string().min(1).max(200),
        email: z.string().min(3).max(254),
        details: z.string().min(1).max(COMPLAINT_DETAILS_MAX),
        status: z.enum(["open", "resolved"]),
      }),
      r,
      {},
    );
    if (problem) return problem;
    if ((r.status === "resolved") !== (r.finalResponseAt !== null))
      return "resolved without a final response date, or the reverse";
    return null;
  },
  payment: (r) =>
    roundTrips(
      z.object({
        amountPence: z.number().int().positive(),
        currency: z.literal("gbp"),
        providerPaymentId: z.string().min(1),
      }),
      r,
      {},
    ),
  // A check passes only with identity and address verified, and a buyer's only with the funds checked too.
  dueDiligenceCheck: (r) =>
    (r.status === "passed" && !(r.identityVerified && r.addressVerified)
      ? "passed without identity and address verified"
      : r.status === "passed" && r.party === "buyer" && !(r.sourceOfFunds && r.sourceOfFundsChecked)
        ? "a buyer passed without a checked source of funds"
        : null) ??
    roundTrips(
      z.object({
        fullName: z.string().trim().min(2).max(120),
        capacity: z.enum([...SELLER_CAPACITIES, "buyer"]),
        evidence: z
          .string()
          .trim()
          .max(TEXT_MAX * 2),
        riskRating: z.enum(["standard", "enhanced"]).nullable(),
      }),
      r,
      { fullName: r.fullName, evidence: r.evidence },
    ),
  suspiciousActivityReport: (r) => roundTrips(SarSchema, r, { subject: r.subject, details: r.details }),
  riskAssessment: (r) =>
    roundTrips(z.object({ summary: z.string().trim().min(20).max(TEXT_MAX) }), r, { summary: r.summary }),
};

/**
 * Rows of `table` that break its rules, as readable lines: all of them, or (`window`) the fixtures (which
 * updates may have changed) and the rows added since `newerThan`.
 */
export async function invalidRows(
  table: Table,
  window?: { fixturesUpTo: number; newerThan: number },
): Promise<string[]> {
  const where =
    !window || table === "session"
      ? {}
      : { OR: [{ id: { lte: window.fixturesUpTo } }, { id: { gt: window.newerThan } }] };
  const rows = (await (prisma[table] as unknown as { findMany(args: object): Promise<Row[]> }).findMany({
    where,
  })) as Row[];
  const problems: string[] = [];
  for (const row of rows) {
    const problem = badText(row) ?? CHECKS[table](row);
    if (problem) problems.push(`${table} ${row.id}: ${problem}`);
  }
  return problems;
}

/** The highest id in each numbered table, so a case's checks can look at new rows only. */
export async function lastIds(tables: Table[] = TABLES): Promise<Partial<Record<Table, number>>> {
  const result: Partial<Record<Table, number>> = {};
  for (const table of tables) {
    if (table === "session") continue;
    const top = await (
      prisma[table] as unknown as { aggregate(args: object): Promise<{ _max: { id: number | null } }> }
    ).aggregate({ _max: { id: true } });
    result[table] = top._max.id ?? 0;
  }
  return result;
}
