// Rightmove Real Time Datafeed payloads (v1, JSON): sendpropertydetails for a home on the market and
// removeproperty when it leaves. Field names, codes and limits follow Rightmove's published request schemas
// (the tests check every payload against them). Pure: the caller loads the home and posts the payload.
import {
  RIGHTMOVE_PROPERTY_TYPE,
  RIGHTMOVE_TENURE,
  RTDF_PRICE_QUALIFIER_GUIDE,
  RTDF_REMOVAL_REASON,
  RTDF_STATUS,
} from "./codes";
import { listingRef } from "./codes";
import {
  broadbandCodes,
  cut,
  fallbackSummary,
  featuresOf,
  mediaOf,
  plainDescription,
  type PortalMediaKind,
  rightmoveDate,
  summaryOf,
  supplyCode,
} from "./payload-parts";
import type { PortalHome } from "./portal-home.server";

export type RtdfAccount = { networkId: number; branchId: number };

const MEDIA_TYPE: Record<PortalMediaKind, number> = {
  image: 1,
  floor_plan: 2,
  brochure: 3,
  virtual_tour: 4,
  epc: 6,
};

const SALES_CHANNEL = 1;

const head = (account: RtdfAccount) => ({
  network: { network_id: account.networkId },
  branch: { branch_id: account.branchId, channel: SALES_CHANNEL },
});

/** A yes/no fact from our free text: "None" is no, anything else written is yes, nothing written is unknown. */
const mentioned = (text: string | null) => (text?.trim() ? !/^(none|no|n\/a)\b/i.test(text.trim()) : null);

/** sendpropertydetails for `home` while it is on the market (for sale, under offer or Sold STC). */
export function rtdfSendPayload(home: PortalHome, account: RtdfAccount, publicUrl: string) {
  if (home.portalStatus === "sold") throw new Error("a sold home is removed from Rightmove, not sent");
  const { parts } = home;
  const leasehold = home.tenure === "Leasehold";
  const line1 = cut(parts.houseNameNumber || parts.street, 60);
  const features = featuresOf(home, 10, 200);
  const electricity = supplyCode(home.electricity);
  const sewerage = supplyCode(home.sewerage);
  const water = supplyCode(home.water);
  return {
    ...head(account),
    property: {
      agent_ref: listingRef(home.id),
      published: true,
      property_type: RIGHTMOVE_PROPERTY_TYPE[home.propertyType],
      status: RTDF_STATUS[home.portalStatus],
      new_home: false,
      create_date: rightmoveDate(home.listedAt ?? home.createdAt),
      update_date: rightmoveDate(home.updatedAt),
      address: {
        house_name_number: line1,
        address_2: parts.houseNameNumber ? cut(parts.street, 60) || null : null,
        address_3: parts.locality ? cut(parts.locality, 60) : null,
        town: cut(parts.town, 60),
        postcode_1: parts.outward,
        postcode_2: parts.inward,
        display_address: cut(parts.displayAddress, 120),
        latitude: home.latitude,
        longitude: home.longitude,
      },
      price_information: {
        price: home.price,
        price_qualifier: RTDF_PRICE_QUALIFIER_GUIDE,
        tenure_type: RIGHTMOVE_TENURE[home.tenure] ?? null,
        ...(leasehold
          ? {
              tenure_unexpired_years: home.leaseYearsRemaining,
              annual_ground_rent: home.groundRentPerYear,
              annual_service_charge: home.serviceChargePerYear,
            }
          : {}),
      },
      details: {
        summary: summaryOf(home, 1000),
        description: cut(plainDescription(home.description) || fallbackSummary(home), 32000),
        features: features.length ? features : null,
        bedrooms: home.bedrooms,
        bathrooms: home.bathrooms,
        reception_rooms: home.receptions,
        // Our yes/no facts: a parking space and a garden, without saying which kind (Off Street, Private Garden).
        parking: home.parking ? [19] : null,
        outside_space: home.garden ? [33] : null,
        internal_area: home.sizeSqft,
        internal_area_unit: home.sizeSqft ? 1 : null,
        // The schema's enums for these three leave out null: an unknown one is left out.
        ...(home.councilTaxBand ? { council_tax_band: home.councilTaxBand } : {}),
        ...(sewerage ? { sewerage } : {}),
        ...(water ? { water } : {}),
        electricity: electricity ? [electricity] : null,
        broadband: broadbandCodes(home.broadband),
        risks: {},
        obligations: {
          restrictions: mentioned(home.restrictions),
          required_access: mentioned(home.rightsAndEasements),
        },
      },
      media: mediaOf(home, publicUrl).map((m, index) => ({
        media_type: MEDIA_TYPE[m.kind],
        media_url: m.url,
        caption: m.caption ? cut(m.caption, 50) : null,
        sort_order: index,
      })),
    },
  };
}

export type RtdfRemovalReason = keyof typeof RTDF_REMOVAL_REASON;

/** removeproperty: sold by us (with the completion date) or withdrawn. */
export function rtdfRemovePayload(
  projectId: number,
  account: RtdfAccount,
  reason: RtdfRemovalReason,
  soldAt?: Date | null,
) {
  return {
    ...head(account),
    property: {
      agent_ref: listingRef(projectId),
      removal_reason: RTDF_REMOVAL_REASON[reason],
      ...(reason === "sold" && soldAt ? { transaction_date: rightmoveDate(soldAt) } : {}),
    },
  };
}
