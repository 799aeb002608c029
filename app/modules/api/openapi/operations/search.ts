import { z } from "zod";

import { IdSchema } from "../../../../lib/ids";
import type { Suggestion } from "../../../geo/locate.server";
import { AddressIdSchema, SuggestionQuerySchema } from "../../../geo/schemas";
import { ApiSearchSchema } from "../../../search/api-filters";
import type { ApiProperty } from "../../../search/properties.server";
import { VIEWING_STATUSES, viewingRequestApiSchema } from "../../../viewings/schemas";
import type { listViewingRequests } from "../../../viewings/viewings.server";
import { type ApiOperation, documents, idParam, isoDate, isoDateTime, wrapped } from "../registry";
import { viewingErrors, viewingRequestExample, ViewingSchema } from "./listings";
import { PublicSaleStatusSchema } from "./sales";

const nullableText = z.string().nullable();

export const PropertySchema = documents<ApiProperty>()(
  z
    .object({
      id: z.number().int(),
      title: z.string(),
      address: z.string(),
      postcode: z.string(),
      price: z.string().meta({ example: "£350,000" }),
      priceNumeric: z.number().int(),
      previousPrice: z.number().int().nullable().meta({
        description: "The asking price before its latest change, when that change was a reduction (else null).",
      }),
      priceReducedAt: isoDateTime
        .nullable()
        .meta({ description: "When the price was reduced to the current one (null unless previousPrice is set)." }),
      propertyType: z.string(),
      bedrooms: z.number().int(),
      bathrooms: z.number().int(),
      description: z.string(),
      fullDescription: z.string(),
      addedDate: nullableText.meta({ description: "en-GB date, e.g. 14/03/2026" }),
      agent: z.string(),
      images: z.array(z.string()),
      keyFeatures: z.array(z.string()),
      floorPlan: nullableText,
      size: nullableText,
      energyRating: nullableText,
      councilTaxBand: nullableText,
      tenure: z.string(),
      status: z.string().meta({ description: '"For sale" or "Sold"' }),
      saleStatus: PublicSaleStatusSchema,
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
      distanceMiles: z
        .number()
        .nullable()
        .optional()
        .meta({ description: "From the searched place (search results only)." }),
    })
    .meta({ id: "Property", description: "A listed home in the search flow's shape." }),
);

type ViewingRow = Awaited<ReturnType<typeof listViewingRequests>>["requests"][number];

const ViewingRequestRowSchema = documents<ViewingRow>()(
  z
    .object({
      id: z.number().int(),
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      phoneNumber: z.string(),
      preferredDate: isoDate,
      preferredTime: z.string(),
      message: nullableText,
      status: z.enum(VIEWING_STATUSES),
      handledAt: isoDateTime.nullable(),
      createdAt: isoDateTime,
      project: z.object({ id: z.number().int(), address: z.string() }),
    })
    .meta({ id: "ViewingRequest" }),
);

const SuggestionSchema = documents<Suggestion>()(z.object({ id: z.string(), address: z.string() }));

const pages = { total: z.number().int(), page: z.number().int(), pageCount: z.number().int() };

export const searchOperations: ApiOperation[] = [
  {
    operationId: "searchPostcodes",
    method: "get",
    path: "/address/search-postcode",
    tag: "Addresses",
    summary: "Postcode suggestions",
    description: "Postcode districts while the outward code is typed, then full postcodes (at most 10).",
    access: "public",
    params: { query: SuggestionQuerySchema },
    responses: {
      200: {
        description: "Suggestions (possibly none).",
        schema: z.object({ suggestions: z.array(SuggestionSchema) }),
      },
    },
    errors: { 400: "query is missing, shorter than 3 characters or not letters, digits and spaces." },
  },
  {
    operationId: "getAddress",
    method: "get",
    path: "/address/get-address",
    tag: "Addresses",
    summary: "A postcode's place",
    access: "public",
    params: { query: AddressIdSchema },
    responses: {
      200: {
        description: "The postcode (or district) with its town and centre.",
        schema: z.object({
          id: z.string(),
          address: z.string(),
          postcode: nullableText,
          outcode: z.string(),
          town: nullableText,
          latitude: z.number(),
          longitude: z.number(),
        }),
      },
    },
    errors: { 400: "id is missing.", 404: "We hold no such postcode." },
  },
  {
    operationId: "searchProperties",
    method: "post",
    path: "/properties/search",
    tag: "Search",
    summary: "Search listed homes",
    description:
      "Listed homes near a postcode (or anywhere), filtered and sorted, 12 a page. Unknown filter names are refused.",
    access: "public",
    errorShape: "wrapper",
    body: {
      schema: ApiSearchSchema,
      example: {
        postcode: "LE1",
        searchRadius: "5",
        propertyTypes: ["Houses"],
        priceMin: 100000,
        priceMax: 500000,
        bedroomsMin: 2,
        sort: "price-asc",
        page: 1,
      },
    },
    responses: {
      200: {
        description:
          'One page of results. Matches are counted up to 1,000: beyond that `total` is 1000, `totalCapped` is true ("1,000+"), and the pages stop at the 1,000th match.',
        schema: wrapped(z.array(PropertySchema), {
          ...pages,
          totalCapped: z.boolean().meta({ description: "Whether there are more matches than `total` (1,000)." }),
        }),
      },
    },
    errors: {
      400: "Not JSON, an unknown filter, a value out of range, or a postcode we do not know (see errors).",
      413: "The body is over 64 KB.",
      415: "The body is not JSON.",
    },
  },
  {
    operationId: "featuredProperties",
    method: "get",
    path: "/properties/featured",
    tag: "Search",
    summary: "The newest homes for sale",
    access: "public",
    errorShape: "wrapper",
    responses: {
      200: { description: "Up to 6 homes.", schema: wrapped(z.array(PropertySchema), { total: z.number().int() }) },
    },
    errors: {},
  },
  {
    operationId: "getProperty",
    method: "get",
    path: "/properties/{id}",
    tag: "Search",
    summary: "One listed home (search shape)",
    access: "public",
    errorShape: "wrapper",
    params: { path: idParam("id", "The listing's id.") },
    responses: { 200: { description: "The home.", schema: wrapped(PropertySchema) } },
    errors: { 404: "No listed home has this id." },
  },
  {
    operationId: "requestViewingFromSearch",
    method: "post",
    path: "/properties/viewing-request",
    tag: "Viewings",
    summary: "Ask to view a home (search flow)",
    description: "The same rules as POST /viewings/request, in the second wrapper's shape.",
    access: "public",
    errorShape: "wrapper",
    body: { schema: viewingRequestApiSchema(), example: viewingRequestExample },
    responses: { 201: { description: "Saved.", schema: wrapped(ViewingSchema) } },
    errors: viewingErrors,
  },
  {
    operationId: "listViewingRequests",
    method: "get",
    path: "/properties/viewing-requests",
    tag: "Viewings",
    summary: "Viewing requests, by preferred date",
    access: "admin",
    errorShape: "wrapper",
    params: {
      query: z.object({
        propertyId: IdSchema.optional().meta({ description: "Only this property's requests." }),
        page: IdSchema.optional().meta({ description: "From 1." }),
      }),
    },
    responses: {
      200: { description: "One page of requests.", schema: wrapped(z.array(ViewingRequestRowSchema), pages) },
    },
    errors: { 400: "propertyId or page is not a whole number.", 401: "Signed out.", 403: "Not an admin." },
  },
];
