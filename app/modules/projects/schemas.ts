// The project body (spec §3), one schema for the vendor form (strings from a form post) and the JSON API
// (numbers, booleans and lists), with the spec's conversions (§5): numbers from text, empty → 0 except
// size and booking date, which stay absent; key features one per line, trimmed, blanks dropped.
// Parse form data with `parseWithZod(formData, { schema, disableAutoCoercion: true })`: the schema does its own.
import { z } from "zod";

import { calendarDayOf } from "../../lib/dates";
import { emailAddressOf, lineAtLeast, lineOfText, NOT_BLANK, optionalParagraphs, optionalText } from "../../lib/fields";
import { oneLine } from "../../lib/one-line";
import { storableText } from "../../lib/storable-text";
import { ENDS_WITH_POSTCODE_PATTERN, normalisePostcode, POSTCODE_PATTERN } from "../geo/postcode";
import { COUNCIL_TAX_BANDS, EPC_RATINGS, PROPERTY_TYPES, TENURES } from "./options";

const isBlank = (value: unknown) =>
  value === null || value === undefined || (typeof value === "string" && value.trim() === "");

/** "£350,000", " 350000 " and 350000 all become 350000; empty becomes undefined; anything else is left for zod to refuse. */
function toNumber(value: unknown) {
  if (isBlank(value)) return undefined;
  if (typeof value !== "string") return value;
  const digits = value.replace(/[£,\s]/g, "");
  return /^[+-]?\d+(\.\d+)?$/.test(digits) ? Number(digits) : value;
}

function wholeNumber(what: string, { min, max, example }: { min: number; max: number; example: string }) {
  return z
    .number({ error: `Enter the ${what} as a number, like ${example}.` })
    .int({ error: `Enter the ${what} as a whole number, like ${example}.` })
    .min(min, { error: `The ${what} must be at least ${min.toLocaleString("en-GB")}.` })
    .max(max, { error: `The ${what} must be at most ${max.toLocaleString("en-GB")}.` });
}

const YES = new Set(["yes", "true", "on", "1"]);
const NO = new Set(["no", "false", "off", "0"]);

/** A yes/no feature: a boolean from JSON, or "yes"/"no" (or a ticked checkbox) from a form; absent means no. */
const yesNo = z.preprocess(
  (value) => {
    if (isBlank(value)) return false;
    if (typeof value !== "string") return value;
    const text = value.trim().toLowerCase();
    return YES.has(text) ? true : NO.has(text) ? false : value;
  },
  z.boolean({ error: "Choose yes or no." }),
);

// A candidate at the end of a one-line address; normalisePostcode then applies the full UK rules.
const POSTCODE_IN_TEXT = /\b([A-Z]{1,2}\d[A-Z\d]?) ?(\d[A-Z]{2})\s*$/i;

/** The postcode at the end of a one-line address ("12 Granby Street, Leicester LE1 6EJ"), if any. */
export function postcodeInAddress(address: string): string | null {
  const match = POSTCODE_IN_TEXT.exec(address.trim());
  return match ? normalisePostcode(`${match[1]}${match[2]}`) : null;
}

/** Generous bounds around the UK (Scilly to Shetland, Northern Ireland to Kent). */
const UK_BOUNDS = { south: 49.8, north: 60.9, west: -8.7, east: 1.8 };

export type MapPoint = { latitude: number; longitude: number };

/** "52.6339, -1.1328" → a point; null when it is not a latitude, longitude pair. */
const MAP_LOCATION = /^\s*([+-]?\d{1,2}(?:\.\d+)?)\s*,\s*([+-]?\d{1,3}(?:\.\d+)?)\s*$/;

export function parseMapLocation(text: string): MapPoint | null {
  const match = MAP_LOCATION.exec(text);
  if (!match) return null;
  return { latitude: Number(match[1]), longitude: Number(match[2]) };
}

/** The spec's map_location text, 'lat, lng', with 6 decimal places (about 10 cm). */
export const formatMapLocation = ({ latitude, longitude }: MapPoint) =>
  `${latitude.toFixed(6)}, ${longitude.toFixed(6)}`;

const mapLocation = z
  .string({ error: "Enter the map location as latitude, longitude, like 52.633900, -1.132800." })
  .meta({ pattern: MAP_LOCATION.source, description: "Latitude, longitude of a point in the UK." })
  .transform((text, ctx) => {
    const point = parseMapLocation(text);
    if (!point) {
      ctx.addIssue({
        code: "custom",
        message: "Enter the map location as latitude, longitude, like 52.633900, -1.132800.",
      });
      return z.NEVER;
    }
    const { south, north, west, east } = UK_BOUNDS;
    if (point.latitude < south || point.latitude > north || point.longitude < west || point.longitude > east) {
      ctx.addIssue({ code: "custom", message: "Choose a point in the UK." });
      return z.NEVER;
    }
    return point;
  });

/** A calendar date, "YYYY-MM-DD" (an ISO date-time from the API is cut to its date). */
const calendarDate = z
  .string({ error: "Enter the date as day, month and year." })
  .meta({ format: "date" })
  .transform((text, ctx) => {
    const day = calendarDayOf(text);
    if (!day) {
      ctx.addIssue({ code: "custom", message: "Enter a real date, like 2026-12-01." });
      return z.NEVER;
    }
    return day;
  });

/** Key features typed into one box, split by `separator`, trimmed, blanks dropped; the API sends a list. */
const keyFeaturesSplitBy = (split: (text: string) => string[], howToList: string) =>
  z.preprocess(
    (value) => {
      if (isBlank(value)) return [];
      const lines = typeof value === "string" ? split(value) : value;
      return Array.isArray(lines)
        ? lines
            .map((line) => (typeof line === "string" ? oneLine(storableText(line)).trim() : line))
            .filter((line) => line !== "")
        : lines;
    },
    z
      .array(
        z
          .string({ error: "Each key feature must be text." })
          .max(100, { error: "Keep each key feature under 100 characters." }),
        {
          error: `List the key features ${howToList} (or as a list of text in the API).`,
        },
      )
      .max(20, { error: "List at most 20 key features." }),
  );

/** The vendor and admin create forms: one per line (spec §5). */
const keyFeatures = keyFeaturesSplitBy((text) => text.split(/\r?\n/), "one per line");

/**
 * The admin details form: a one-line list is split on a comma followed by a space (spec §5), so "1,200 sq ft"
 * stays whole; once there are line breaks, each line is one feature and may contain ", " itself.
 */
const keyFeaturesByCommaOrLine = keyFeaturesSplitBy(
  (text) => (text.trim().includes("\n") ? text.split(/\r?\n/) : text.split(/,\s+/)),
  'one per line, or on one line separated by ", "',
);

const choice = <const T extends readonly [string, ...string[]]>(options: T, what: string) =>
  z.enum(options, {
    error: (issue) => (isBlank(issue.input) ? `Choose the ${what}.` : `Choose the ${what}: ${options.join(", ")}.`),
  });

/** The project body's fields (spec §3); the schemas below add the postcode rule and, for admins, more fields. */
const projectFields = {
  address: z.preprocess(
    (value) => (isBlank(value) ? undefined : value),
    lineOfText("Enter the property's address.")
      .min(5, { error: "Enter the property's full address, like 12 Granby Street, Leicester." })
      .max(200, { error: "Keep the address under 200 characters." })
      .meta(lineAtLeast(5)),
  ),
  postcode: z.preprocess(
    (value) => (isBlank(value) ? undefined : value),
    z
      .string({ error: "Enter the postcode as text." })
      .meta({ pattern: POSTCODE_PATTERN })
      .transform((text, ctx) => {
        const postcode = normalisePostcode(text);
        if (postcode) return postcode;
        ctx.addIssue({ code: "custom", message: "Enter a full UK postcode, like LE1 6EJ." });
        return z.NEVER;
      })
      .optional(),
  ),
  vendor_name: optionalText(100),
  booking_date: z.preprocess((value) => (isBlank(value) ? undefined : value), calendarDate.optional()),
  price: z.preprocess(
    toNumber,
    z
      .number({
        error: (issue) =>
          issue.input === undefined ? "Enter the asking price." : "Enter the price in whole pounds, like 350000.",
      })
      .int({ error: "Enter the price in whole pounds, like 350000." })
      .min(1, { error: "Enter a price above £0." })
      .max(100_000_000, { error: "The price must be at most £100,000,000." }),
  ),
  property_type: z.preprocess((value) => (isBlank(value) ? undefined : value), choice(PROPERTY_TYPES, "property type")),
  bedrooms: z.preprocess(
    (value) => toNumber(value) ?? 0,
    wholeNumber("number of bedrooms", { min: 0, max: 50, example: "3" }),
  ),
  // A home has at least one bathroom, so an empty field means the minimum.
  bathrooms: z.preprocess(
    (value) => toNumber(value) ?? 1,
    wholeNumber("number of bathrooms", { min: 1, max: 50, example: "1" }),
  ),
  size_sqft: z.preprocess(toNumber, wholeNumber("size", { min: 1, max: 1_000_000, example: "950" }).optional()),
  tenure: z.preprocess((value) => (isBlank(value) ? undefined : value), choice(TENURES, "tenure").optional()),
  key_features: keyFeatures,
  council_tax: optionalText(60),
  parking: yesNo,
  garden: yesNo,
  accessibility: yesNo,
  map_location: z.preprocess((value) => (isBlank(value) ? undefined : value), mapLocation.optional()),
  description: z.preprocess(
    (value) => (isBlank(value) ? "" : value),
    z
      .string({ error: "Enter the description as text." })
      .overwrite(storableText)
      .trim()
      .max(5000, { error: "Keep the description under 5,000 characters." }),
  ),
};

/**
 * The postcode may come in its own field or at the end of the address; either way the project needs one.
 * The check runs even when other fields are invalid, so a missing postcode is reported with everything else.
 */
function withPostcode<Shape extends z.ZodRawShape>(shape: Shape) {
  const postcodeOf = (project: Record<string, unknown>) =>
    (project.postcode as string | undefined) ??
    (typeof project.address === "string" ? postcodeInAddress(project.address) : null);
  return z
    .object(shape)
    .meta({
      description: "A postcode is needed: in postcode, or at the end of the address.",
      anyOf: [{ required: ["postcode"] }, { properties: { address: { pattern: ENDS_WITH_POSTCODE_PATTERN } } }],
    })
    .refine((project) => Boolean(postcodeOf(project)), {
      path: ["postcode"],
      error: "Enter the property's postcode.",
      when: (payload) => !payload.issues.some((issue) => issue.path?.[0] === "postcode"),
    })
    .transform((project) => ({ ...project, postcode: postcodeOf(project)! }));
}

export const ProjectSchema = withPostcode(projectFields);

export type ProjectInput = z.output<typeof ProjectSchema>;

/**
 * The HTML constraints of the project form's inputs (conform's `constraint`). Written out: derived from the
 * schema, every field with a default (bedrooms, features…) would be marked required.
 */
export const PROJECT_FORM_CONSTRAINT = {
  address: { required: true, maxLength: 200 },
  postcode: { required: true, maxLength: 10 },
  price: { required: true },
  property_type: { required: true },
  description: { maxLength: 5000 },
};

/** Blank is missing, so an empty box asks for the address rather than calling it invalid. */
const customerEmail = z.preprocess((value) => (isBlank(value) ? undefined : value), emailAddressOf("the customer's"));

/**
 * An admin creating a project for a customer (the web form and POST /api/v1/admin/projects/create): the
 * project body plus who the customer is. Bedrooms come from a 2–8 select; empty still means 0.
 */
export const AdminCreateProjectSchema = withPostcode({
  ...projectFields,
  vendor_name: z.preprocess(
    (value) => (isBlank(value) ? undefined : value),
    lineOfText("Enter the customer's name.")
      .max(100, { error: "Keep the customer's name under 100 characters." })
      .meta(NOT_BLANK),
  ),
  vendor_email: customerEmail,
});

export type AdminCreateProjectInput = z.output<typeof AdminCreateProjectSchema>;

/** The admin create form's bedrooms select (spec §3). */
export const ADMIN_BEDROOMS = { from: 2, to: 8 } as const;

const rating = (what: string) =>
  z.preprocess(
    (value) => (isBlank(value) ? undefined : typeof value === "string" ? value.trim().toUpperCase() : value),
    choice(EPC_RATINGS, what).optional(),
  );

const optionalWholeNumber = (what: string, bounds: { min: number; max: number; example: string }) =>
  z.preprocess(toNumber, wholeNumber(what, bounds).optional());

const virtualTourUrl = z.preprocess(
  (value) => (isBlank(value) ? undefined : value),
  z
    .url({ protocol: /^https?$/, error: "Enter the virtual tour's full web address, starting https://." })
    .max(500, { error: "Keep the virtual tour address under 500 characters." })
    .optional(),
);

/**
 * The material information an agent must give buyers (National Trading Standards, parts A–C), as the
 * 'Add Details' form and PUT /api/v1/admin/projects/{id} send it. Empty means not recorded ('Ask agent').
 */
export const MATERIAL_TEXT_FIELDS = {
  local_authority: "Local authority",
  construction: "Construction",
  heating: "Heating",
  electricity: "Electricity",
  water: "Water",
  sewerage: "Sewerage",
  broadband: "Broadband",
  mobile_coverage: "Mobile coverage",
  parking_details: "Parking details",
  flood_risk: "Flood risk",
  restrictions: "Restrictions",
  rights_and_easements: "Rights and easements",
  building_safety: "Building safety",
  coalfield_or_mining: "Coalfield or mining area",
} as const;

type MaterialTextField = keyof typeof MATERIAL_TEXT_FIELDS;

const materialText = Object.fromEntries(
  Object.entries(MATERIAL_TEXT_FIELDS).map(([name]) => [name, optionalParagraphs(300)]),
) as Record<MaterialTextField, ReturnType<typeof optionalParagraphs>>;

/**
 * An admin's update of a project ('Add Details' and PUT /api/v1/admin/projects/{id}): the project body,
 * the virtual tour, EPC ratings and material information.
 */
export const AdminProjectDetailsSchema = withPostcode({
  ...projectFields,
  key_features: keyFeaturesByCommaOrLine,
  virtual_tour_url: virtualTourUrl,
  epc_rating: rating("EPC rating"),
  epc_potential: rating("potential EPC rating"),
  receptions: optionalWholeNumber("number of reception rooms", { min: 0, max: 20, example: "2" }),
  lease_years_remaining: optionalWholeNumber("years left on the lease", { min: 0, max: 999, example: "125" }),
  ground_rent_per_year: optionalWholeNumber("ground rent", { min: 0, max: 1_000_000, example: "250" }),
  service_charge_per_year: optionalWholeNumber("service charge", { min: 0, max: 1_000_000, example: "1200" }),
  ...materialText,
  // An agent's personal interest in the sale (Estate Agents Act 1979 s.21); blank: none.
  personal_interest: optionalParagraphs(1000).meta({
    description:
      "A declaration of an agent's personal interest in the sale (Estate Agents Act 1979 s.21), shown to buyers on the listing and in the viewing and offer forms. Blank or left out: none.",
    example: "The seller is the brother of our director, Sam Jones.",
  }),
  // The API's way to set 'Send to portals' (the page has its own Portals card); left out, it stays as it is.
  send_to_portals: z
    .boolean({ error: "send_to_portals must be true or false." })
    .optional()
    .meta({ description: "Whether the home goes to Rightmove and Zoopla once listed. Left out: unchanged." }),
});

export type AdminProjectDetailsInput = z.output<typeof AdminProjectDetailsSchema>;

export const ADMIN_CREATE_FORM_CONSTRAINT = {
  ...PROJECT_FORM_CONSTRAINT,
  vendor_name: { required: true, maxLength: 100 },
  vendor_email: { required: true, maxLength: 254 },
};

/** "Band C", "c" or "C" → "C"; free text (e.g. "£1,850 a year") has no band. */
export function councilTaxBand(text: string | undefined): string | null {
  const match = /^(?:band\s*)?([a-i])$/i.exec(text?.trim() ?? "");
  const band = match?.[1]!.toUpperCase();
  return band && (COUNCIL_TAX_BANDS as readonly string[]).includes(band) ? band : null;
}

/**
 * Signing the contract. The typed full name is always needed (it names the signer, and without JavaScript
 * it is the signature); a drawn signature arrives as a data URL, an uploaded one as a file.
 */
export const SignContractSchema = z.object({
  signer_name: z.preprocess(
    (value) => (isBlank(value) ? undefined : value),
    lineOfText("Type your full name to sign.")
      .min(2, { error: "Type your full name to sign." })
      .max(100, { error: "Keep your name under 100 characters." })
      .meta(lineAtLeast(2)),
  ),
  signature: z.preprocess(
    (value) => (isBlank(value) ? undefined : value),
    z
      .string()
      .max(1_500_000, { error: "The signature image is larger than 1 MB." })
      .meta({ pattern: "^data:image/(?:png|jpeg);base64,", description: "A PNG or JPEG image as a data URL." })
      .optional(),
  ),
  signature_file: z.preprocess(
    (value) => (value instanceof File && value.size === 0 && value.name === "" ? undefined : value),
    z.instanceof(File, { error: "Choose an image file." }).optional(),
  ),
  // A ticked checkbox ("on") or JSON true; false, "false" and nothing are not consent.
  agree: z.preprocess(
    (value) => value === true || (typeof value === "string" && !isBlank(value) && value !== "false"),
    z.literal(true, { error: "Tick the box to confirm that you agree to the contract." }),
  ),
  start_early: yesNo,
  contract_hash: z
    .string({ error: "Open the contract again, then sign." })
    .regex(/^[a-f0-9]{64}$/, { error: "Open the contract again, then sign." }),
});

/**
 * The same payload as JSON (POST /api/v1/vendor/bookings/{id}/contract): `agree: true`, and the drawn or
 * uploaded image, if any, as a PNG or JPEG data URL in `signature`.
 */
export const SignContractJsonSchema = SignContractSchema.omit({ signature_file: true });

/** A 1 MB image is 1.4 MB as base64, but the server takes JSON bodies of at most 1 MiB: that is the limit here. */
export const SIGN_CONTRACT_JSON_MAX_BYTES = 1024 * 1024;

export const SIGN_CONTRACT_CONSTRAINT = {
  signer_name: { required: true, maxLength: 100 },
  agree: { required: true },
};
