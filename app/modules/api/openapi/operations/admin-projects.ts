import { z } from "zod";

import { PageQuerySchema } from "../../../../lib/pagination";
import { DeleteFilesQuerySchema, ImageEditSchema, MediaSectionSchema, UploadFormSchema } from "../../../media/schemas";
import type { paymentLinkJson } from "../../../payments/payment-link.server";
import type { toAdminProjectJson, toAdminProjectRowJson } from "../../../projects/booking-json.server";
import { AdminCreateProjectSchema, AdminProjectDetailsSchema } from "../../../projects/schemas";
import { type ApiOperation, documents, idParam, isoDateTime } from "../registry";
import { projectExample, VendorBookingSchema } from "./vendor";

const nullableText = z.string().nullable();
const nullableInt = z.number().int().nullable();
const fileId = z.number().int().meta({ description: "The file's id, for …/images/{imageId} and …/files?fileId=." });

export const AdminProjectSchema = documents<ReturnType<typeof toAdminProjectJson>>()(
  VendorBookingSchema.extend({
    images: z.array(z.object({ id: fileId, url: z.string(), alt_text: nullableText })),
    documents: z.array(
      z.object({ id: fileId, name: z.string(), url: z.string(), type: z.enum(["EPC", "RICS", "OTHER"]) }),
    ),
    floor_plans: z.array(z.object({ id: fileId, url: z.string() })),
    owner_id: nullableInt.meta({
      description: "The vendor account the project belongs to; null until the customer signs up with vendor_email.",
    }),
    receptions: nullableInt,
    council_tax_band: nullableText,
    epc_rating: nullableText,
    epc_potential: nullableText,
    lease_years_remaining: nullableInt,
    ground_rent_per_year: nullableInt,
    service_charge_per_year: nullableInt,
    local_authority: nullableText,
    construction: nullableText,
    heating: nullableText,
    electricity: nullableText,
    water: nullableText,
    sewerage: nullableText,
    broadband: nullableText,
    mobile_coverage: nullableText,
    parking_details: nullableText,
    flood_risk: nullableText,
    restrictions: nullableText,
    rights_and_easements: nullableText,
    building_safety: nullableText,
    coalfield_or_mining: nullableText,
    send_to_portals: z.boolean().meta({
      description: "Whether the home goes to Rightmove and Zoopla while listed (see /admin/portals).",
    }),
  }).meta({
    id: "AdminProject",
    description:
      "Any project in full, as an admin sees it: the booking fields, whose it is, and its material information.",
  }),
);

const AdminProjectRowSchema = documents<ReturnType<typeof toAdminProjectRowJson>>()(
  z
    .object({
      id: z.number().int(),
      status: z.enum(["pending", "completed", "sold"]),
      address: z.string(),
      postcode: z.string(),
      price: z.number().int(),
      property_type: z.string(),
      vendor_name: z.string(),
      vendor_email: z.string(),
      created_at: isoDateTime,
      can_delete: z.boolean().meta({ description: "False when money for the project is in the agency's records." }),
    })
    .meta({ id: "AdminProjectRow" }),
);

const PaymentLinkSchema = documents<ReturnType<typeof paymentLinkJson>>()(
  z
    .object({
      payment_link: z.string().meta({
        description:
          "The booking's payment page with its token: whoever holds it can pay for the booking and see its receipt, signed in or not.",
      }),
      expires_at: isoDateTime.meta({
        description: "When a link sent now stops working: 30 days on, at the end of that day (UTC).",
      }),
    })
    .meta({ id: "PaymentLink" }),
);

const AdminProjectsQuerySchema = PageQuerySchema.extend({
  q: z.string().optional().meta({
    description: "Part of the customer's name or email, the address or the postcode (the first 100 characters count).",
  }),
});

const withMessage = (extra: z.ZodRawShape = {}) => AdminProjectSchema.extend({ message: z.string(), ...extra });
const notes = z
  .array(z.string())
  .meta({ description: "What the server noticed, e.g. a postcode it could not place on the map." });

export const adminProjectExample = { ...projectExample, vendor_name: "Ann Example", vendor_email: "ann@example.com" };

const projectId = idParam("id", "The project's id.");
const signedOut = "Signed out, or the token is not valid.";
const notAdmin = "Not an admin.";
const noProject = "No project has this id.";
const bodyErrors = { 413: "The body is over 64 KB.", 415: "The body is not JSON." } as const;
const tag = "Admin projects";
const mediaTag = "Admin media";

export const adminProjectOperations: ApiOperation[] = [
  {
    operationId: "listAdminProjects",
    method: "get",
    path: "/admin/projects",
    tag,
    summary: "Every project, newest first",
    access: "admin",
    params: { query: AdminProjectsQuerySchema },
    responses: {
      200: {
        description: "One page of projects.",
        schema: z.object({
          data: z.array(AdminProjectRowSchema),
          total: z.number().int(),
          page: z.number().int(),
          pageSize: z.number().int(),
          pageCount: z.number().int(),
        }),
      },
    },
    errors: { 400: "page or pageSize is not a whole number in range.", 401: signedOut, 403: notAdmin },
  },
  {
    operationId: "createAdminProject",
    method: "post",
    path: "/admin/projects/create",
    tag,
    summary: "Create a project for a customer",
    description:
      "The project body plus the customer's vendor_name and vendor_email. When the email is a vendor's account, the project is theirs at once; otherwise it becomes theirs when they sign up with that email.",
    access: "admin",
    body: { schema: AdminCreateProjectSchema, example: adminProjectExample },
    responses: {
      201: {
        description: "Created, pending; Location names the new project.",
        schema: withMessage({ notes }),
        headers: { Location: "/api/v1/admin/projects/{id}" },
      },
    },
    errors: { 400: "A field is missing or not valid (see errors).", 401: signedOut, 403: notAdmin, ...bodyErrors },
  },
  {
    operationId: "getAdminProject",
    method: "get",
    path: "/admin/projects/{id}",
    tag,
    summary: "One project",
    access: "admin",
    params: { path: projectId },
    responses: { 200: { description: "The project.", schema: AdminProjectSchema } },
    errors: { 401: signedOut, 403: notAdmin, 404: noProject },
  },
  {
    operationId: "updateAdminProject",
    method: "put",
    path: "/admin/projects/{id}",
    tag,
    summary: "Replace a project's details",
    description:
      "The whole project body, with the virtual tour, EPC ratings and material information; a field left out is cleared (except send_to_portals, which stays as it is when left out).",
    access: "admin",
    params: { path: projectId },
    body: {
      schema: AdminProjectDetailsSchema,
      example: {
        ...projectExample,
        receptions: 1,
        epc_rating: "D",
        epc_potential: "B",
        heating: "Gas central heating",
        broadband: "Ultrafast (FTTP)",
        send_to_portals: true,
      },
    },
    responses: { 200: { description: "Saved; the project as it is now.", schema: withMessage({ notes }) } },
    errors: {
      400: "A field is missing or not valid (see errors).",
      401: signedOut,
      403: notAdmin,
      404: noProject,
      ...bodyErrors,
    },
  },
  {
    operationId: "deleteAdminProject",
    method: "delete",
    path: "/admin/projects/{id}",
    tag,
    summary: "Delete a project",
    access: "admin",
    params: { path: projectId },
    responses: {
      200: { description: "Deleted, with its files.", schema: z.object({ message: z.string(), id: z.number().int() }) },
    },
    errors: {
      401: signedOut,
      403: notAdmin,
      404: noProject,
      409: "Money for the project is in the agency's records, so it cannot be deleted.",
    },
  },
  {
    operationId: "markProjectCompleted",
    method: "put",
    path: "/admin/projects/{id}/mark-completed",
    tag,
    summary: "List a project (mark it completed)",
    description:
      "From then on the home is public: in /bookings, /properties and on the site. Listing waits for the compliance gates (`GET /admin/projects/{id}/checks`): with LISTING_CHECKS=enforce a home whose contract is unsigned, package unpaid, sellers unchecked or Part A material information incomplete is refused with a 409 naming what is missing; with the default `warn` it is listed, `missingChecks` says what was missing and the override is recorded for the nominated officer. Staff never list a home they own themselves (409 in either mode).",
    access: "admin",
    params: { path: projectId },
    responses: {
      200: {
        description: "Listed; the project as it is now.",
        schema: withMessage({
          missingChecks: z.array(z.string()).meta({
            description: "The gates that were not met when it was listed (LISTING_CHECKS=warn); empty when all were.",
          }),
        }),
      },
    },
    errors: {
      401: signedOut,
      403: notAdmin,
      404: noProject,
      409: "The project is already listed, someone has just changed its status, its compliance gates are not met (LISTING_CHECKS=enforce; the message names what is missing), or it is the admin's own home.",
    },
  },
  {
    operationId: "markProjectSold",
    method: "put",
    path: "/admin/projects/{id}/mark-sold",
    tag,
    summary: "Mark a listed project sold",
    description: "The home stays public, shown as sold.",
    access: "admin",
    params: { path: projectId },
    responses: { 200: { description: "Sold; the project as it is now.", schema: withMessage() } },
    errors: {
      401: signedOut,
      403: notAdmin,
      404: noProject,
      409: "The project is not listed (mark it completed first) or is already sold.",
    },
  },
  {
    operationId: "getPaymentLink",
    method: "get",
    path: "/admin/projects/{id}/payment-link",
    tag,
    summary: "The payment link to send the customer",
    access: "admin",
    params: { path: projectId },
    responses: { 200: { description: "The link as sent today.", schema: PaymentLinkSchema } },
    errors: { 401: signedOut, 403: notAdmin, 404: noProject },
  },
  {
    operationId: "revokePaymentLinks",
    method: "delete",
    path: "/admin/projects/{id}/payment-link",
    tag,
    summary: "Revoke the payment links sent so far",
    description:
      "Every link sent for the booking stops working at once (the booking's link version is part of what each link signs); the answer carries the new link.",
    access: "admin",
    params: { path: projectId },
    responses: {
      200: { description: "Revoked; the new link.", schema: PaymentLinkSchema.extend({ message: z.string() }) },
    },
    errors: { 401: signedOut, 403: notAdmin, 404: noProject },
  },
  {
    operationId: "uploadProjectMedia",
    method: "put",
    path: "/admin/projects/{id}/upload",
    tag: mediaTag,
    summary: "Upload photos, floor plans or documents",
    description:
      "multipart/form-data with one `files` part per file (at most 20, 100 MB in all). Photos and floor plans: JPEG, PNG or WebP, at most 15 MB each, re-encoded as WebP without metadata. Documents: PDF, DOC or DOCX, at most 25 MB each. The type is read from the bytes. Every file is stored, or none.",
    access: "admin",
    params: { path: projectId, query: z.object({ section: MediaSectionSchema.optional() }) },
    body: {
      schema: UploadFormSchema,
      contentType: "multipart/form-data",
      example: { section: "images", files: ["(binary)"] },
    },
    responses: {
      201: {
        description: "Stored.",
        schema: z.object({ message: z.string(), section: MediaSectionSchema, count: z.number().int() }),
      },
    },
    errors: {
      400: "No files, an unknown section, or a document type that is not EPC, RICS or OTHER (see errors).",
      401: signedOut,
      403: notAdmin,
      404: noProject,
      413: "A file, or the whole upload, is too large.",
      415: "The body is not multipart/form-data, or a file is not of a type the section accepts.",
    },
  },
  {
    operationId: "deleteProjectFiles",
    method: "delete",
    path: "/admin/projects/{id}/files",
    tag: mediaTag,
    summary: "Delete a section's files, or one file",
    access: "admin",
    params: { path: projectId, query: DeleteFilesQuerySchema },
    responses: {
      200: {
        description: "Deleted; count says how many.",
        schema: z.object({ message: z.string(), count: z.number().int() }),
      },
    },
    errors: {
      400: "section is missing or unknown, or fileId is not an id (see errors).",
      401: signedOut,
      403: notAdmin,
      404: "No project has this id, or the section has no file with fileId.",
    },
  },
  {
    operationId: "editProjectImage",
    method: "put",
    path: "/admin/projects/{id}/images/{imageId}",
    tag: mediaTag,
    summary: "Describe a photo, or move it in the gallery",
    description:
      'Send `{ altText }` to describe the photo for screen readers, or `{ direction: "up" | "down" }` to swap it with its neighbour (the first photo is the cover).',
    access: "admin",
    params: { path: projectId.extend(idParam("imageId", "The photo's id (images[].id of the project).").shape) },
    body: { schema: ImageEditSchema, example: { altText: "The kitchen, with French doors to the garden" } },
    responses: { 200: { description: "Saved.", schema: z.object({ message: z.string() }) } },
    errors: {
      400: "Neither a description nor a direction (see errors).",
      401: signedOut,
      403: notAdmin,
      404: "No such photo of this project.",
      ...bodyErrors,
    },
  },
];
