// The payment page can be shared (spec §2: "not guarded"), so its link carries a token signed for that
// booking. Without a signed-in owner, an admin or a valid token the page is a 404, so a guessed id shows nothing.
import { getEnv } from "../../lib/env.server";
import { hasValidSignature, sign } from "./signing.server";

export const paymentLinkToken = (bookingId: number) => sign("payment-link", String(bookingId));

export const isValidPaymentLinkToken = (bookingId: number, token: string | null | undefined) => hasValidSignature("payment-link", String(bookingId), token);

/** The page's own absolute address, which works for whoever holds it. */
export const paymentLink = (bookingId: number) => `${getEnv().PUBLIC_URL}/payment/${bookingId}?token=${paymentLinkToken(bookingId)}`;
