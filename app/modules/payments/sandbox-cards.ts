// The sandbox's card rules: the checks Stripe's card field makes before anything is sent (number,
// expiry, security code, postcode), and what Stripe's documented test cards do when charged
// (https://docs.stripe.com/testing). Pure, so the payment form validates with it in the browser and
// the server again before it decides an outcome. Nothing here keeps a card number.
import { z } from "zod";

export type CardBrand = "visa" | "mastercard" | "amex" | "discover" | "diners" | "jcb" | "unionpay" | "unknown";

export const BRAND_NAMES: Record<CardBrand, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  diners: "Diners Club",
  jcb: "JCB",
  unionpay: "UnionPay",
  unknown: "Card",
};

/** The digits of a card number as typed, without the spaces or dashes people group them with. */
export const cardDigits = (typed: string) => typed.replace(/[\s-]/g, "");

/** The Luhn checksum every card number carries in its last digit. */
export function passesLuhn(digits: string) {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The scheme, from the number's leading digits (the issuer identification ranges). */
export function brandOf(digits: string): CardBrand {
  const first = (n: number) => Number(digits.slice(0, n));
  if (/^4/.test(digits)) return "visa";
  if (/^3[47]/.test(digits)) return "amex";
  if ((first(2) >= 51 && first(2) <= 55) || (first(4) >= 2221 && first(4) <= 2720)) return "mastercard";
  if (/^(6011|65|64[4-9])/.test(digits)) return "discover";
  if (/^(36|38|30[0-5])/.test(digits)) return "diners";
  if (first(4) >= 3528 && first(4) <= 3589) return "jcb";
  if (/^62/.test(digits)) return "unionpay";
  return "unknown";
}

const securityCodeLength = (brand: CardBrand) => (brand === "amex" ? 4 : 3);

export type SandboxOutcome =
  | { kind: "succeeds" }
  | { kind: "declines"; code: string; message: string }
  /** 3-D Secure: the bank asks the cardholder to confirm; then the charge succeeds or is declined. */
  | { kind: "authenticates"; then: "succeeds" | "declines" };

const DECLINED = "Your card was declined.";
const declines = (code: string, message = DECLINED): SandboxOutcome => ({ kind: "declines", code, message });

/** Stripe's message when 3-D Secure authentication fails or is abandoned. */
export const AUTHENTICATION_FAILED =
  "We are unable to authenticate your payment method. Please choose a different payment method and try again.";

/** Test cards that do something other than succeed, as Stripe documents them. */
const SPECIAL_TEST_CARDS: Record<string, SandboxOutcome> = {
  "4000000000000002": declines("generic_decline"),
  "4000000000009995": declines("insufficient_funds", "Your card has insufficient funds."),
  "4000000000009987": declines("lost_card"),
  "4000000000009979": declines("stolen_card"),
  "4100000000000019": declines("fraudulent"),
  "4000000000000069": declines("expired_card", "Your card has expired."),
  "4000000000000127": declines("incorrect_cvc", "Your card's security code is incorrect."),
  "4000000000000119": declines(
    "processing_error",
    "An error occurred while processing your card. Try again in a little bit.",
  ),
  "4000000000006975": declines(
    "card_velocity_exceeded",
    "Your card was declined for making repeated attempts too frequently or exceeding its amount limit.",
  ),
  "4000002500003155": { kind: "authenticates", then: "succeeds" },
  "4000002760003184": { kind: "authenticates", then: "succeeds" },
  "4000000000003220": { kind: "authenticates", then: "succeeds" },
  "4000008400001629": { kind: "authenticates", then: "declines" },
};

/** Test cards that are charged successfully: one or more per brand, and Stripe's UK cards. */
export const SUCCEEDING_TEST_CARDS = [
  "4242424242424242",
  "4000056655665556",
  "4000008260000000",
  "4000058260000005",
  "5555555555554444",
  "5555558265554449",
  "2223003122003222",
  "5200828282828210",
  "5105105105105100",
  "378282246310005",
  "371449635398431",
  "6011111111111117",
  "6011000990139424",
  "3056930009020004",
  "36227206271667",
  "3566002020360505",
  "6200000000000005",
] as const;

const SUCCEEDING = new Set<string>(SUCCEEDING_TEST_CARDS);

/** What charging this (valid) card number does in the sandbox. A real card number is declined: no money can move here. */
export function sandboxOutcome(digits: string): SandboxOutcome {
  if (SUCCEEDING.has(digits)) return { kind: "succeeds" };
  return (
    SPECIAL_TEST_CARDS[digits] ??
    declines(
      "live_card_in_sandbox",
      "Your card was declined. This is a sandbox, so only test cards work: try 4242 4242 4242 4242.",
    )
  );
}

/** Whether the 3-D Secure test card ending in `last4` is charged once the cardholder has authenticated. */
export function chargedAfterAuthentication(last4: string) {
  const card = Object.entries(SPECIAL_TEST_CARDS).find(
    ([number, outcome]) => number.endsWith(last4) && outcome.kind === "authenticates",
  );
  return card?.[1].kind === "authenticates" && card[1].then === "succeeds";
}

/** The cards the payment page suggests. */
export const SANDBOX_CARD_EXAMPLES = [
  { number: "4242 4242 4242 4242", result: "Succeeds" },
  { number: "4000 0000 0000 0002", result: "Declined" },
  { number: "4000 0000 0000 9995", result: "Declined: insufficient funds" },
  { number: "4000 0025 0000 3155", result: "Asks you to authenticate (3-D Secure)" },
] as const;

/** Why an expiry date ("MM / YY", "MM/YY" or "MMYY") cannot be used, or null when it is valid through `now`'s month. */
export function expiryProblem(typed: string, now = new Date()): string | null {
  const match = /^(\d{1,2})\s*\/?\s*(\d{2})$/.exec(typed.trim());
  if (!match) return "Your card's expiry date is incomplete.";
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return "Your card's expiry month is invalid.";
  // A card is valid until the end of its expiry month.
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const expires = year * 12 + (month - 1);
  if (expires < thisMonth) return "Your card's expiry date is in the past.";
  if (expires > thisMonth + 50 * 12) return "Your card's expiry year is invalid.";
  return null;
}

const required = (message: string) => z.string({ error: message }).trim().min(1, { error: message });

/** The sandbox card form. Errors use the wording of Stripe's card field. */
export const SandboxCardSchema = z
  .object({
    cardNumber: required("Your card number is incomplete.").transform(cardDigits),
    expiry: required("Your card's expiry date is incomplete.").max(10, {
      error: "Your card's expiry date is incomplete.",
    }),
    cvc: required("Your card's security code is incomplete."),
    postcode: required("Your postcode is incomplete.")
      .max(10, { error: "Your postcode is invalid." })
      .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*[A-Za-z0-9]$/, { error: "Your postcode is invalid." })
      .transform((postcode) => postcode.toUpperCase()),
  })
  .superRefine((card, ctx) => {
    const brand = brandOf(card.cardNumber);
    if (!/^\d+$/.test(card.cardNumber) || card.cardNumber.length > 19) {
      ctx.addIssue({ code: "custom", path: ["cardNumber"], message: "Your card number is invalid." });
    } else if (card.cardNumber.length < (brand === "amex" ? 15 : brand === "diners" ? 14 : 16)) {
      ctx.addIssue({ code: "custom", path: ["cardNumber"], message: "Your card number is incomplete." });
    } else if (!passesLuhn(card.cardNumber)) {
      ctx.addIssue({ code: "custom", path: ["cardNumber"], message: "Your card number is invalid." });
    }
    const expiry = expiryProblem(card.expiry);
    if (expiry) ctx.addIssue({ code: "custom", path: ["expiry"], message: expiry });
    if (!new RegExp(`^\\d{${securityCodeLength(brand)}}$`).test(card.cvc)) {
      ctx.addIssue({ code: "custom", path: ["cvc"], message: "Your card's security code is incomplete." });
    }
  });

export type SandboxCard = z.output<typeof SandboxCardSchema>;
export type SandboxCardFields = z.input<typeof SandboxCardSchema>;
