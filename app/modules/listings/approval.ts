// The seller approves their listing as buyers will see it, section by section. What they approved is kept as
// a fingerprint of the listing's content: an approval holds only while the content still has it, so a change
// made by any write path (an edit, an upload, a new caption) voids it without that path having to say so.
import { createHash } from "node:crypto";

import { type ApprovalState, LISTING_SECTIONS, type ListingSection } from "./approval-sections";
import { materialInformationSelect } from "./material-information";

/** What buyers see of a listing, by section: the columns and media each section's fingerprint covers. */
export type ListingContent = {
  address: string;
  price: number;
  propertyType: string;
  bedrooms: number;
  bathrooms: number;
  receptions: number | null;
  sizeSqft: number | null;
  tenure: string;
  keyFeatures: string[];
  description: string;
  parking: boolean;
  garden: boolean;
  accessibility: boolean;
  virtualTourUrl: string | null;
  personalInterest: string | null;
  images: { storageKey: string; altText: string }[];
  floorPlans: { storageKey: string }[];
  documents: { type: string; name: string; storageKey: string }[];
  virtualTours: { url: string }[];
} & { [Key in keyof typeof materialInformationSelect]: string | number | null };

const MATERIAL_COLUMNS = Object.keys(materialInformationSelect) as (keyof typeof materialInformationSelect)[];

/** Each section's content, in a fixed order (the order of keys is part of the fingerprint). */
export function listingSections(content: ListingContent): Record<ListingSection, unknown> {
  return {
    photos: {
      images: content.images.map((image) => [image.storageKey, image.altText]),
      floorPlans: content.floorPlans.map((plan) => plan.storageKey),
      virtualTours: content.virtualTours.map((tour) => tour.url),
      virtualTourUrl: content.virtualTourUrl,
    },
    description: {
      address: content.address,
      propertyType: content.propertyType,
      bedrooms: content.bedrooms,
      bathrooms: content.bathrooms,
      receptions: content.receptions,
      sizeSqft: content.sizeSqft,
      keyFeatures: content.keyFeatures,
      description: content.description,
      parking: content.parking,
      garden: content.garden,
      accessibility: content.accessibility,
    },
    material: {
      tenure: content.tenure,
      ...Object.fromEntries(MATERIAL_COLUMNS.map((column) => [column, content[column] ?? null])),
      documents: content.documents.map((document) => [document.type, document.name, document.storageKey]),
      personalInterest: content.personalInterest,
    },
    price: { price: content.price },
  };
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

export type ListingFingerprint = { fingerprint: string; sections: Record<ListingSection, string> };

/** The listing's fingerprint and each section's, as sha256 hex of their JSON. */
export function fingerprintListing(content: ListingContent): ListingFingerprint {
  const parts = listingSections(content);
  const sections = Object.fromEntries(
    LISTING_SECTIONS.map((section) => [section, sha256(JSON.stringify(parts[section]))]),
  ) as Record<ListingSection, string>;
  return { fingerprint: sha256(JSON.stringify(LISTING_SECTIONS.map((section) => sections[section]))), sections };
}

/** The sections whose content differs between two fingerprints (every section when the old one is unreadable). */
export function changedSections(before: unknown, after: ListingFingerprint): ListingSection[] {
  const old = (before ?? {}) as Partial<Record<ListingSection, unknown>>;
  return LISTING_SECTIONS.filter((section) => old[section] !== after.sections[section]);
}

/** Where the approval stands, from the latest review and the listing's fingerprint now. */
export function approvalState(
  latest: { decision: "approved" | "changes_requested" | "voided"; fingerprint: string; createdAt: Date } | null,
  current: ListingFingerprint,
  requestedAt: Date | null,
): ApprovalState {
  if (!latest) return requestedAt ? "awaiting" : "not-requested";
  if (latest.decision === "approved") return latest.fingerprint === current.fingerprint ? "approved" : "changed";
  // Asked again after the seller's requests (or after the change that voided their approval).
  if (requestedAt && requestedAt > latest.createdAt) return "awaiting";
  return latest.decision === "voided" ? "changed" : "changes-requested";
}
