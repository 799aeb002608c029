import { z } from "zod";
import type { toBookingJson } from "../../../projects/booking-json.server";
import { ProjectSchema } from "../../../projects/schemas";
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
    responses: { 200: { description: "The signed-in vendor's projects, newest first.", schema: z.array(VendorBookingSchema) } },
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
    errors: { 400: "A field is missing or not valid (see errors).", 401: "Signed out.", 403: "Not a vendor account.", 413: "The body is over 64 KB.", 415: "The body is not JSON." },
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
    operationId: "deleteVendorBooking",
    method: "delete",
    path: "/vendor/bookings/{id}",
    tag: "Vendor projects",
    summary: "Delete one of my projects",
    access: "vendor",
    params: { path: bookingId },
    responses: { 200: { description: "Deleted.", schema: z.object({ message: z.string(), id: z.number().int() }) } },
    errors: { 401: "Signed out.", 403: "Not a vendor account.", 404: notYours, 409: "The project is paid for or listed, so it cannot be deleted." },
  },
];
