// The selling agreement for one project, generated from its data and the selling package: the parties,
// the property, the services, the fee with VAT, the 14-day cancellation right of a contract made online
// (Consumer Contracts Regulations 2013) with the choice to start work early, and the terms. The same
// structure is shown in the page, rendered to PDF and, as plain text, hashed when it is signed.
import { escapeHtml } from "../../lib/escape-html";
import { formatDate, formatPrice } from "../../lib/format";
import { formatPence, VAT_PERCENT, withVat } from "../../lib/money";
import { PACKAGE_FEATURES, SELLING_PACKAGE_CHARGE, STANDARD_FEE_POUNDS } from "../marketing/packages";
import { type ReferralArrangement, referralText } from "../marketing/referrals";

/** A section's body in order: a string is a paragraph, a list of strings is a bulleted list. */
export type ContractSection = { heading: string; body: (string | string[])[] };
export type Contract = { title: string; reference: string; sections: ContractSection[] };

export type ContractFacts = {
  project: {
    id: number;
    address: string;
    postcode: string;
    propertyType: string;
    bedrooms: number;
    tenure: string;
    price: number;
    bookingDate: Date | null;
    vendorName: string;
    vendorEmail: string;
  };
  agency: {
    name: string;
    email: string;
    phone: string;
    website: string;
    redressScheme: string;
    referrals: ReferralArrangement[];
  };
};

export const CANCELLATION_DAYS = 14;

export const contractReference = (projectId: number) => `MW-${String(projectId).padStart(6, "0")}`;

const bedroomsText = (n: number) => (n === 0 ? "no separate bedroom" : `${n} ${n === 1 ? "bedroom" : "bedrooms"}`);

export function buildContract({ project, agency }: ContractFacts): Contract {
  const reference = contractReference(project.id);
  const fee = `${formatPence(SELLING_PACKAGE_CHARGE.totalPence)} including VAT (${formatPence(SELLING_PACKAGE_CHARGE.netPence)} plus VAT at ${VAT_PERCENT}%, ${formatPence(SELLING_PACKAGE_CHARGE.vatPence)})`;
  const standard = withVat(STANDARD_FEE_POUNDS * 100);
  const contact = `email ${agency.email} or call ${agency.phone}`;
  return {
    title: "Agreement for the MoveWise fixed-fee selling package",
    reference,
    sections: [
      {
        heading: "1. The parties",
        body: [
          `This agreement is between ${agency.name} ("MoveWise", "we", "us"), contact ${agency.email}, ${agency.phone}, and ${project.vendorName} (${project.vendorEmail}) ("you"), the seller of the property below.`,
        ],
      },
      {
        heading: "2. The property",
        body: [
          [
            `Address: ${project.address}`,
            `Postcode: ${project.postcode}`,
            `Type: ${project.propertyType}, ${bedroomsText(project.bedrooms)}`,
            `Tenure: ${project.tenure}`,
            `Asking price you propose: ${formatPrice(project.price)} (we agree the marketing price with you after the valuation)`,
            `Visit by our photographer and valuer: ${project.bookingDate ? formatDate(project.bookingDate) : "date to be arranged with you"}`,
          ],
        ],
      },
      {
        heading: "3. What we will do",
        body: [
          "For the fixed fee below we will provide the MoveWise selling package:",
          [...PACKAGE_FEATURES],
          "We agree the asking price with you from comparable local sales before we list the property, and we publish the listing only once you have approved it. We pass every offer on to you promptly and in writing.",
        ],
      },
      {
        heading: "4. Our fee",
        body: [
          `The fee is fixed: ${fee}. This is our introductory offer; our standard price is ${formatPence(standard.grossPence)} including VAT (${formatPence(standard.netPence)} plus VAT).`,
          "You pay the fee in full by card when you instruct us, after you sign this agreement. No commission or other fee is payable when your property sells, whoever finds the buyer, and there are no other charges unless you agree them with us in writing first.",
        ],
      },
      {
        heading: `5. Your right to cancel within ${CANCELLATION_DAYS} days`,
        body: [
          `You are making this agreement online, so you have the right to cancel it within ${CANCELLATION_DAYS} days without giving any reason. The cancellation period ends ${CANCELLATION_DAYS} days after the day this agreement is made, which is the day you sign it.`,
          `To cancel, tell us clearly before the period ends: ${contact}, or write to us. You may use the model cancellation form below, but you do not have to.`,
          `If you cancel, we refund everything you have paid us, to the card you paid with, no later than ${CANCELLATION_DAYS} days after the day you tell us, except as section 6 describes. The refund costs you nothing.`,
          `Model cancellation form: "To ${agency.name}, ${agency.email}: I give notice that I cancel my contract for the MoveWise fixed-fee selling package for ${project.address} (reference ${reference}). Ordered on: [date]. Name: [your name]. Address: [your address]. Signature (if sent on paper) and date."`,
        ],
      },
      {
        heading: "6. Starting work before the cancellation period ends",
        body: [
          `We start work within the ${CANCELLATION_DAYS}-day cancellation period only if you expressly ask us to, by ticking the box when you sign. Otherwise we start when the period has ended.`,
          "If you ask us to start early and then cancel, you pay for the services we have provided up to the time you tell us, in proportion to the whole package (for example a completed valuation visit and media pack), and we refund the rest. If, at your request, we have provided the whole package within the cancellation period, you lose the right to cancel once it is complete.",
        ],
      },
      {
        heading: "7. Your responsibilities",
        body: [
          [
            "You own the property, or every owner has authorised you to sell it.",
            "The information you give us about the property is accurate and complete to the best of your knowledge, including the material information buyers need (such as tenure, council tax band and lease details), and you tell us promptly about any change.",
            "You give our photographer and valuer access on the agreed date, or give us at least 24 hours' notice to rearrange.",
            "You provide proof of your identity and address when we ask: anti-money-laundering law requires us to check them before we market the property.",
          ],
        ],
      },
      {
        heading: "8. Ending this agreement later",
        body: [
          "After the cancellation period you may end this agreement at any time by telling us in writing (email is fine). We take the listing down within 2 working days.",
          "The fee pays for work we do at the start (the valuation, the media pack and the listing), so it is not refundable once that work is done. If you end the agreement before then, we refund the fee for the parts not yet provided.",
        ],
      },
      {
        heading: "9. Complaints",
        body: [
          `If you are unhappy with our service, ${contact}; we reply within 15 working days. If we have not resolved your complaint within 8 weeks, you may refer it to our independent redress scheme, ${agency.redressScheme}.`,
        ],
      },
      {
        heading: "10. Referral arrangements",
        body: [
          "Two services in the package come from partner firms, who pay us when you use them:",
          agency.referrals.map(referralText),
        ],
      },
      {
        heading: "11. Your personal data and the law",
        body: [
          `We use your personal data to provide this service and to meet our legal duties, as our privacy policy (${agency.website}/privacy-policy) describes.`,
          "This agreement is governed by the law of England and Wales. It is the whole agreement between us about the package; any change must be agreed in writing.",
        ],
      },
    ],
  };
}

/** The contract as plain text: what is hashed when it is signed, so any change to the terms changes the hash. */
export function contractText(contract: Contract): string {
  const sections = contract.sections.map((s) =>
    [
      s.heading,
      ...s.body.map((block) => (typeof block === "string" ? block : block.map((item) => `- ${item}`).join("\n"))),
    ].join("\n"),
  );
  return [contract.title, `Reference: ${contract.reference}`, ...sections].join("\n\n");
}

/** The contract as plain semantic HTML (no styles or scripts; every value escaped), for API clients to show as they like. */
export function contractHtml(contract: Contract): string {
  const block = (b: string | string[]) =>
    typeof b === "string"
      ? `<p>${escapeHtml(b)}</p>`
      : `<ul>${b.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>`;
  const sections = contract.sections.map(
    (s) => `<section><h2>${escapeHtml(s.heading)}</h2>${s.body.map(block).join("")}</section>`,
  );
  return [
    `<h1>${escapeHtml(contract.title)}</h1>`,
    `<p>Reference: ${escapeHtml(contract.reference)}</p>`,
    ...sections,
  ].join("\n");
}

/** The cancellation right in a sentence, beside the terms that set it out (sections 5 and 6). */
export const CANCELLATION_NOTICE = `You can cancel this agreement within ${CANCELLATION_DAYS} days of signing it, without giving a reason (section 5). We start work within those ${CANCELLATION_DAYS} days only if you ask us to when you sign (section 6).`;
