import { z } from "zod";

import type { Booking } from "../../../listings/bookings.server";
import { WORD_SEARCH_PAGED_MATCHES } from "../../../listings/query";
import { BookingsQuerySchema } from "../../../listings/schemas";
import { viewingRequestApiSchema } from "../../../viewings/schemas";
import { type ApiOperation, documents, idParam, isoDate, isoDateTime } from "../registry";
import { PublicSaleStatusSchema } from "./sales";

const nullableText = z.string().nullable();
const mediaUrl = z.string().meta({ description: "An absolute URL of the file." });

export const BookingSchema = documents<Booking>()(
  z
    .object({
      id: z.number().int(),
      status: z
        .enum(["pending", "completed", "sold"])
        .meta({ description: "completed = listed for sale; sold = still shown, as sold." }),
      sale_status: PublicSaleStatusSchema,
      address: z.string(),
      postcode: z.string(),
      price: z.number().int().meta({ description: "Whole pounds." }),
      property_type: z.string(),
      bedrooms: z.number().int(),
      bathrooms: z.number().int(),
      receptions: z.number().int().nullable(),
      size_sqft: z.number().int().nullable(),
      tenure: z.string(),
      key_features: z.array(z.string()),
      description: z.string(),
      created_at: isoDateTime,
      listed_at: isoDateTime.nullable(),
      sold_at: isoDateTime.nullable(),
      booking_date: isoDate.nullable(),
      map_location: nullableText.meta({ description: '"latitude, longitude"' }),
      council_tax: nullableText,
      council_tax_band: nullableText,
      epc_rating: nullableText,
      epc_potential: nullableText,
      parking: z.boolean(),
      garden: z.boolean(),
      accessibility: z.boolean(),
      virtual_tour_url: nullableText,
      url: z.string().meta({ description: "The listing's page on this site." }),
      images: z.array(z.object({ url: mediaUrl, alt_text: nullableText })),
      documents: z.array(z.object({ name: z.string(), url: mediaUrl, type: z.enum(["EPC", "RICS", "OTHER"]) })),
      floor_plans: z.array(z.object({ url: mediaUrl })),
      virtual_tours: z.array(z.object({ url: z.string() })),
    })
    .meta({ id: "Booking", description: "A listed (or sold) home. Never carries the vendor's contact details." }),
);

const ViewingSchema = z.object({
  id: z.number().int(),
  propertyId: z.number().int(),
  preferredDate: isoDate,
  preferredTime: z.string().meta({ example: "10:30" }),
  status: z.enum(["pending", "confirmed", "declined"]),
});

const viewingErrors = {
  400: "A field is missing or not valid, the date is not from tomorrow on, or the time is not a half-hour slot 09:00–17:30 (see errors).",
  404: "The property is not listed.",
  409: "The property has been sold, so it is no longer open for viewings.",
  413: "The body is over 64 KB.",
  415: "The body is not JSON.",
  429: "Too many requests from this address; wait for the number of seconds in Retry-After.",
} as const;

export const viewingRequestExample = {
  propertyId: 1,
  firstName: "Ann",
  lastName: "Example",
  email: "ann@example.com",
  phoneNumber: "07700 900123",
  preferredDate: "2027-01-14",
  preferredTime: "10:30",
  message: "Is there parking?",
};

export const listingOperations: ApiOperation[] = [
  {
    operationId: "listBookings",
    method: "get",
    path: "/bookings",
    tag: "Listings",
    summary: "Every listed or sold home",
    access: "public",
    params: { query: BookingsQuerySchema },
    responses: {
      200: {
        description: `One page of bookings as an array (the spec's list shape), newest first unless sorted. A search (q) pages through its first ${WORD_SEARCH_PAGED_MATCHES.toLocaleString("en-GB")} matches; X-Total-Count counts them all.`,
        schema: z.array(BookingSchema),
        headers: { "X-Total-Count": "42", Link: '</api/v1/bookings?page=2&pageSize=20>; rel="next"' },
      },
    },
    errors: {
      400: "q is too long, sort is not one of its values, or page or pageSize is not a whole number in range.",
    },
  },
  {
    operationId: "getBooking",
    method: "get",
    path: "/bookings/{id}",
    tag: "Listings",
    summary: "One listed home",
    access: "public",
    params: { path: idParam("id", "The listing's id.") },
    responses: { 200: { description: "The listing.", schema: BookingSchema } },
    errors: { 404: "No listed home has this id (pending projects are not public)." },
  },
  {
    operationId: "requestViewing",
    method: "post",
    path: "/viewings/request",
    tag: "Viewings",
    summary: "Ask to view a home",
    description:
      "Send `propertyId` (or `bookingId`, the same id) with a date from tomorrow on and a half-hour slot between 09:00 and 17:30, as `10:30` or `10:30 AM`. The agency is told by email.",
    access: "public",
    body: { schema: viewingRequestApiSchema(), example: viewingRequestExample },
    responses: {
      201: { description: "Saved.", schema: z.object({ message: z.string(), viewingRequest: ViewingSchema }) },
    },
    errors: viewingErrors,
  },
];

export { viewingErrors, ViewingSchema };
