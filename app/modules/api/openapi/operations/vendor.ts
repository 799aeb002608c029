import { z } from "zod";

import type { toBookingJson } from "../../../projects/booking-json.server";
import type { toContractJson } from "../../../projects/contract.server";
import { ProjectSchema, SIGN_CONTRACT_JSON_MAX_BYTES, SignContractJsonSchema } from "../../../projects/schemas";
import { type ApiOperation, documents, idParam, isoDate, isoDateTime } from "../registry";

const nullableText = z.string().nullable();

export const VendorBookingSchema = documents<ReturnType<typeof toBookingJson>>()(
  z
    .object({
      id: z.number().int(),
      status: z.enum(["pending", "completed", "sold"]),
      address: z.string(),
      postcode: z.string(),
      price: z.number().int(),
      property_type: z.string(),
      bedrooms: z.number().int(),
      bathrooms: z.number().int(),
      size_sqft: z.number().int().nullable(),
      tenure: z.string(),
      key_features: z.array(z.string()),
      description: z.string(),
      created_at: isoDateTime,
      vendor_name: z.string(),
      vendor_email: z.string(),
      booking_date: isoDate.nullable(),
      map_location: nullableText,
      council_tax: nullableText,
      parking: z.boolean(),
      garden: z.boolean(),
      accessibility: z.boolean(),
      virtual_tour_url: nullableText,
      images: z.array(z.object({ url: z.string(), alt_text: nullableText })),
      documents: z.array(z.object({ name: z.string(), url: z.string(), type: z.enum(["EPC", "RICS", "OTHER"]) })),
      floor_plans: z.array(z.object({ url: z.string() })),
      virtual_tours: z.array(z.object({ url: z.string() })),
      contract_signed_at: isoDateTime.nullable(),
      paid: z.boolean(),
      listed_at: isoDateTime.nullable(),
      sold_at: isoDateTime.nullable(),
    })
    .meta({ id: "VendorBooking", description: "A vendor's own project, with its contract and payment state." }),
);

export const projectExample = {
  address: "12 Granby Street, Leicester",
  postcode: "LE1 6EJ",
  price: 350000,
  property_type: "Terraced",
  bedrooms: 3,
  bathrooms: 1,
  tenure: "Freehold",
  key_features: ["Garden", "Close to the station"],
  description: "A bright terraced house near the centre.",
};

export const ContractSchema = documents<ReturnType<typeof toContractJson>>()(
  z
    .object({
      booking_id: z.number().int(),
      reference: z.string().meta({ example: "MW-000042" }),
      title: z.string(),
      package: z.object({
        name: z.string(),
        net_pence: z.number().int(),
        vat_pence: z.number().int(),
        total_pence: z.number().int(),
        currency: z.literal("gbp"),
        total: z.string().meta({ description: "The total as shown to people.", example: "£1,794.00" }),
      }),
      cancellation: z.object({ days: z.number().int(), notice: z.string() }).meta({
        description: "The 14-day right to cancel a contract made online (Consumer Contracts Regulations 2013).",
      }),
      terms_text: z
        .string()
        .meta({ description: "The terms as plain text: exactly what contract_hash is the SHA-256 of." }),
      terms_html: z.string().meta({
        description:
          "The same terms as plain HTML (headings, paragraphs and lists; no styles or scripts, every value escaped).",
      }),
      contract_hash: z.string().meta({
        description:
          "SHA-256 (hex) of terms_text. Send it back when signing: a stale hash (the terms changed since) is refused with 409.",
      }),
      signed: z.boolean(),
      signed_at: isoDateTime.nullable(),
      signed_by: z.string().nullable().meta({ description: "The name the signer typed." }),
      signature: z
        .enum(["image", "typed name"])
        .nullable()
        .meta({ description: "How it was signed: with a drawn or uploaded image, or by the typed name alone." }),
      start_early: z
        .boolean()
        .nullable()
        .meta({ description: "Whether the signer asked for work to start within the 14 days." }),
      paid: z.boolean(),
      pdf_url: z
        .string()
        .meta({ description: "The contract as a PDF (a draft until signed), for the signed-in vendor's session." }),
    })
    .meta({
      id: "Contract",
      description: "The contract for one of the vendor's projects: the terms as signed, or as they stand until then.",
    }),
);

const bookingId = idParam("id", "The project's id.");
const notYours = "No project of yours has this id (other vendors' projects answer 404 too).";

export const vendorOperations: ApiOperation[] = [
  {
    operationId: "listVendorBookings",
    method: "get",
    path: "/vendor/bookings",
    tag: "Vendor projects",
    summary: "My projects",
    access: "vendor",
    responses: {
      200: { description: "The signed-in vendor's projects, newest first.", schema: z.array(VendorBookingSchema) },
    },
    errors: { 401: "Signed out.", 403: "Not a vendor account." },
  },
  {
    operationId: "createVendorBooking",
    method: "post",
    path: "/vendor/bookings",
    tag: "Vendor projects",
    summary: "Start a project (book the selling package)",
    access: "vendor",
    body: { schema: ProjectSchema, example: projectExample },
    responses: {
      201: {
        description: "Created, pending; Location names the new project.",
        schema: VendorBookingSchema.extend({ message: z.string(), notes: z.array(z.string()) }),
        headers: { Location: "/api/v1/vendor/bookings/{id}" },
      },
    },
    errors: {
      400: "A field is missing or not valid (see errors).",
      401: "Signed out.",
      403: "Not a vendor account.",
      413: "The body is over 64 KB.",
      415: "The body is not JSON.",
    },
  },
  {
    operationId: "getVendorBooking",
    method: "get",
    path: "/vendor/bookings/{id}",
    tag: "Vendor projects",
    summary: "One of my projects",
    access: "vendor",
    params: { path: bookingId },
    responses: { 200: { description: "The project.", schema: VendorBookingSchema } },
    errors: { 401: "Signed out.", 403: "Not a vendor account.", 404: notYours },
  },
  {
    operationId: "getVendorContract",
    method: "get",
    path: "/vendor/bookings/{id}/contract",
    tag: "Vendor projects",
    summary: "The contract of one of my projects",
    description:
      "The terms to read before signing (as text and HTML), the package and price, the 14-day cancellation notice, the hash to sign, and whether, when and by whom it was signed.",
    access: "vendor",
    params: { path: bookingId },
    responses: { 200: { description: "The contract.", schema: ContractSchema } },
    errors: { 401: "Signed out.", 403: "Not a vendor account.", 404: notYours },
  },
  {
    operationId: "signVendorContract",
    method: "post",
    path: "/vendor/bookings/{id}/contract",
    tag: "Vendor projects",
    summary: "Sign the contract of one of my projects",
    description:
      "As the signing page does: the signer's name, `agree: true`, whether to start work within the 14-day cancellation period, and the `contract_hash` from GET. `signature` is optional: a drawn or scanned signature as a PNG or JPEG data URL (at most 1 MB and 2000 × 1000 pixels; the whole body at most 1 MB), which is re-encoded before it is kept. The signer, time, IP address and browser are kept with the hash of the terms, the signed PDF is emailed to the vendor and the agency, and the booking can then be paid (POST /stripe/create-payment-intent).",
    access: "vendor",
    params: { path: bookingId },
    body: {
      schema: SignContractJsonSchema,
      example: {
        signer_name: "Ann Example",
        agree: true,
        start_early: false,
        contract_hash: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
      },
      maxBytes: SIGN_CONTRACT_JSON_MAX_BYTES,
    },
    responses: {
      201: { description: "Signed; the contract as signed.", schema: ContractSchema.extend({ message: z.string() }) },
    },
    errors: {
      400: "A field is missing or not valid, or the signature image is refused (see errors).",
      401: "Signed out.",
      403: "Not a vendor account.",
      404: notYours,
      409: "Already signed, or the terms have changed since contract_hash was read (read them again).",
      413: "The body is over 1 MB.",
      415: "The body is not JSON.",
    },
  },
  {
    operationId: "deleteVendorBooking",
    method: "delete",
    path: "/vendor/bookings/{id}",
    tag: "Vendor projects",
    summary: "Delete one of my projects",
    access: "vendor",
    params: { path: bookingId },
    responses: { 200: { description: "Deleted.", schema: z.object({ message: z.string(), id: z.number().int() }) } },
    errors: {
      401: "Signed out.",
      403: "Not a vendor account.",
      404: notYours,
      409: "The project is paid for or listed, so it cannot be deleted.",
    },
  },
];
