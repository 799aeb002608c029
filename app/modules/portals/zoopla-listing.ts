// Zoopla Real-time Listings API v1.2 payloads: listing/update for a home on the market (and once more as sold),
// listing/delete when it leaves. Field names and codes follow Zoopla's published schemas (the tests check
// every payload against them). Pure: the caller loads the home and posts the payload.
import { parseDescription } from "../listings/description";
import {
  listingRef,
  ZOOPLA_DELETION_REASON,
  ZOOPLA_LIFE_CYCLE,
  ZOOPLA_PRICE_QUALIFIER_GUIDE,
  ZOOPLA_PROPERTY_TYPE,
  ZOOPLA_TENURE,
} from "./codes";
import { fallbackSummary, featuresOf, mediaOf, oneLine, type PortalMediaKind, summaryOf } from "./payload-parts";
import type { PortalHome } from "./portal-home.server";

/** Each payload names its schema in the Content-Type, as Zoopla asks. */
const PROFILE = "http://realtime-listings.webservices.zpg.co.uk/docs/v1.2/schemas/listing";
export const ZOOPLA_UPDATE_CONTENT_TYPE = `application/json; profile=${PROFILE}/update.json`;
export const ZOOPLA_DELETE_CONTENT_TYPE = `application/json; profile=${PROFILE}/delete.json`;

const CONTENT_TYPE: Record<PortalMediaKind, string> = {
  image: "image",
  floor_plan: "floor_plan",
  brochure: "brochure",
  epc: "epc_report",
  virtual_tour: "virtual_tour",
};

/** The description as Zoopla's sections: a subheading starts one, its paragraphs and lists are its text. */
export function detailedDescription(home: PortalHome) {
  const sections: { heading?: string; text?: string }[] = [];
  for (const block of parseDescription(home.description)) {
    const text =
      block.kind === "list" ? block.items.map((item) => `• ${oneLine(item)}`).join("\n") : oneLine(block.text);
    if (!text) continue;
    const last = sections.at(-1);
    if (block.kind === "heading") sections.push({ heading: text });
    else if (last) last.text = last.text ? `${last.text}\n\n${text}` : text;
    else sections.push({ text });
  }
  return sections.length ? sections : [{ text: fallbackSummary(home) }];
}

/** listing/update for `home`: on the market, or sold (Zoopla shows it as sold for a while, then it goes). */
export function zooplaUpdatePayload(home: PortalHome, branchReference: string, publicUrl: string) {
  const { parts } = home;
  const studio = home.propertyType === "Studio";
  const tenure = ZOOPLA_TENURE[home.tenure];
  const leasehold = home.tenure === "Leasehold";
  const features = featuresOf(home, 10, 200);
  const content = mediaOf(home, publicUrl).map((m) => ({
    url: m.url,
    type: CONTENT_TYPE[m.kind],
    ...(m.caption ? { caption: m.caption } : {}),
  }));
  return {
    branch_reference: branchReference,
    listing_reference: listingRef(home.id),
    category: "residential",
    detailed_description: detailedDescription(home),
    life_cycle_status: ZOOPLA_LIFE_CYCLE[home.portalStatus],
    location: {
      ...(parts.houseNameNumber ? { property_number_or_name: parts.houseNameNumber } : {}),
      ...(parts.street ? { street_name: parts.street } : {}),
      ...(parts.locality ? { locality: parts.locality } : {}),
      town_or_city: parts.town,
      postal_code: parts.postcode,
      country_code: "GB",
      ...(home.latitude !== null && home.longitude !== null
        ? { coordinates: { latitude: home.latitude, longitude: home.longitude } }
        : {}),
    },
    pricing: {
      currency_code: "GBP",
      price: home.price,
      transaction_type: "sale",
      price_qualifier: ZOOPLA_PRICE_QUALIFIER_GUIDE,
    },
    property_type: ZOOPLA_PROPERTY_TYPE[home.propertyType],
    // Zoopla allows a studio at most one bedroom (ours have none).
    total_bedrooms: studio ? Math.min(home.bedrooms, 1) : home.bedrooms,
    bathrooms: home.bathrooms,
    ...(home.receptions !== null ? { living_rooms: home.receptions } : {}),
    ...(tenure ? { tenure } : {}),
    display_address: parts.displayAddress,
    summary_description: summaryOf(home, 1000),
    ...(features.length ? { feature_list: features } : {}),
    ...(content.length ? { content } : {}),
    ...(home.councilTaxBand ? { council_tax_band: home.councilTaxBand } : {}),
    ...(home.parking ? { parking: ["off_street_parking"] } : {}),
    ...(home.garden ? { outside_space: ["private_garden"] } : {}),
    ...(home.sizeSqft ? { areas: { internal: { minimum: { units: "sq_feet", value: home.sizeSqft } } } } : {}),
    // Zoopla takes only positive amounts: a peppercorn (£0) ground rent or no service charge is left out.
    ...(leasehold && home.serviceChargePerYear
      ? { service_charge: { charge: home.serviceChargePerYear, frequency: "per_year" } }
      : {}),
    ...(leasehold && home.groundRentPerYear ? { ground_rent: home.groundRentPerYear } : {}),
    ...(leasehold && home.leaseYearsRemaining && home.leaseYearsRemaining >= 1
      ? { lease_expiry: { years_remaining: home.leaseYearsRemaining } }
      : {}),
  };
}

export type ZooplaDeletionReason = keyof typeof ZOOPLA_DELETION_REASON;

/** listing/delete: withdrawn from the market, or completed (after it was shown as sold). */
export function zooplaDeletePayload(projectId: number, reason: ZooplaDeletionReason) {
  return { listing_reference: listingRef(projectId), deletion_reason: ZOOPLA_DELETION_REASON[reason] };
}
