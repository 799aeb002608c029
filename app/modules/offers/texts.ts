// Texts and limits the offer pages show in the browser as well as the server uses (no server code here).
export const OFFER_SENT_MESSAGE = "Your offer has been sent to the seller.";
export const UNVERIFIED_MESSAGE = "Confirm your email address before making an offer.";
export const ALREADY_OPEN_MESSAGE =
  "You already have an offer on this home: make a new offer or withdraw it on your offers page.";
export const SOLD_MESSAGE = "This home has been sold, so it takes no more offers.";

export const PROOF_MAX_BYTES = 10 * 1024 * 1024;
/** What the file picker offers; the server decides from the bytes. */
export const PROOF_ACCEPT = ".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png";
