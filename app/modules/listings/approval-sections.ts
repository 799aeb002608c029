// The sections a seller approves, or asks to change, on their listing (shared by the pages and the API).

export const LISTING_SECTIONS = ["photos", "description", "material", "price"] as const;
export type ListingSection = (typeof LISTING_SECTIONS)[number];

export const LISTING_SECTION_LABELS: Record<ListingSection, string> = {
  photos: "Photos, floor plans and virtual tour",
  description: "Description and key features",
  material: "Material information",
  price: "Price",
};

export const APPROVAL_STATES = ["not-requested", "awaiting", "approved", "changes-requested", "changed"] as const;
/**
 * not-requested: the agency has not asked the seller yet; awaiting: asked, not answered; changes-requested: the
 * seller asked for changes; changed: approved, then changed, so the seller must look again.
 */
export type ApprovalState = (typeof APPROVAL_STATES)[number];

export const APPROVAL_STATE_LABELS: Record<ApprovalState, string> = {
  "not-requested": "Not sent to the seller yet",
  awaiting: "Waiting for the seller's approval",
  approved: "Approved by the seller",
  "changes-requested": "The seller asked for changes",
  changed: "Changed since the seller approved it",
};

/** The longest comment on one section. */
export const CHANGE_COMMENT_MAX = 2000;
