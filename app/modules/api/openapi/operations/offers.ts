import { z } from "zod";

import type { toOfferJson, toSellerOfferJson } from "../../../offers/offers.server";
import { POSITION_LABELS, POSITIONS } from "../../../offers/positions";
import {
  BuyerMoveJsonSchema,
  MakeOfferJsonSchema,
  ProofOfFundsUploadSchema,
  SellerMoveJsonSchema,
} from "../../../offers/schemas";
import { API_OFFER_STATUSES } from "../../../offers/state";
import { type ApiOperation, documents, idParam, isoDateTime } from "../registry";

const tag = "Offers";

const OfferEventSchema = z.object({
  action: z.string().meta({
    description: "made, countered, raised, accepted, rejected, withdrawn, fallen-through or proof-of-funds.",
    example: "countered",
  }),
  amount: z.number().int().nullable().meta({ description: "The amount the move named, in whole pounds." }),
  by: z.string().meta({ description: "buyer, seller or agency (an admin acting for the seller).", example: "seller" }),
  at: isoDateTime,
});

const offerFields = {
  id: z.number().int(),
  propertyId: z.number().int(),
  address: z.string(),
  propertyUrl: z.string().meta({ example: "/view-properties/42" }),
  amount: z
    .number()
    .int()
    .meta({ description: "The offer in whole pounds (after an accepted counter, the counter).", example: 310000 }),
  counterAmount: z
    .number()
    .int()
    .nullable()
    .meta({ description: "The seller's counter-offer while the status is countered." }),
  position: z.enum(POSITIONS).meta({
    description: `The buyer's position: ${POSITIONS.map((p) => `${p} (${POSITION_LABELS[p]})`).join(", ")}.`,
  }),
  mortgageInPrinciple: z.boolean(),
  hasProofOfFunds: z.boolean(),
  status: z.enum(API_OFFER_STATUSES).meta({
    description:
      "pending: waiting for the seller; countered: waiting for the buyer; accepted: the home is under offer to this buyer; rejected, withdrawn, fallen-through: final.",
  }),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  events: z.array(OfferEventSchema).meta({ description: "Every move, oldest first." }),
};

export const OfferSchema = documents<ReturnType<typeof toOfferJson>>()(
  z.object(offerFields).meta({ id: "Offer", description: "One of the buyer's offers." }),
);

export const SellerOfferSchema = documents<ReturnType<typeof toSellerOfferJson>>()(
  z
    .object({
      ...offerFields,
      buyerName: z
        .string()
        .nullable()
        .meta({ description: "null for the seller once the offer has ended (rejected, withdrawn, fallen-through)." }),
      proofOfFundsUrl: z.string().nullable().meta({
        description:
          "The download (signed-in admin, or the seller while the offer is open), or null when none was given or, for the seller, once the offer has ended.",
      }),
      buyerEmail: z.string().optional().meta({ description: "Admins only." }),
      buyerPhone: z.string().nullable().optional().meta({ description: "Admins only." }),
    })
    .meta({ id: "SellerOffer", description: "An offer on the seller's home, as the seller and the agency see it." }),
);

const offerId = idParam("id", "The offer's id.");
const bookingAndOffer = z.object({
  ...idParam("id", "The booking's (home's) id.").shape,
  ...idParam("offerId", "The offer's id.").shape,
});
const bodyErrors = {
  400: "A field is missing or not valid (see errors).",
  413: "The body is over 64 KB.",
  415: "The body is not JSON.",
} as const;
const notBuyer = "Not a buyer's account.";
const noOffer = "The buyer has no offer with this id (others' offers answer 404 too).";
const sellerSide = {
  401: "Signed out.",
  403: "A buyer's account (this is for the home's seller and admins).",
  404: "No such home, or not the vendor's own; or no such offer on this home.",
} as const;

export const offerOperations: ApiOperation[] = [
  {
    operationId: "makeOffer",
    method: "post",
    path: "/properties/{id}/offers",
    tag,
    summary: "Make an offer on a listed home",
    description:
      "Buyers with a confirmed email address only. The offer is passed on at once, by email, to the seller and the agency (as the Estate Agents Act requires, also while the home is under offer or sold subject to contract); the buyer gets a receipt. Amounts are whole pounds from £1,000 to £100,000,000. One open offer per buyer and home: raise or withdraw it instead. Send proof of funds afterwards with PUT /offers/{id}/proof-of-funds.",
    access: "buyer",
    params: { path: idParam("id", "The listed home's id.") },
    body: {
      schema: MakeOfferJsonSchema,
      example: { amount: 310000, position: "first-time-buyer", mortgageInPrinciple: true },
    },
    responses: {
      201: {
        description: "Made and passed on; Location names it.",
        schema: z.object({ offer: OfferSchema }),
        headers: { Location: "/api/v1/offers/{id}" },
      },
    },
    errors: {
      ...bodyErrors,
      401: "Signed out.",
      403: "Not a buyer's account, or the email address is not confirmed yet.",
      404: "No listed home has this id.",
      409: "The home is sold, or the buyer already has an open offer on it.",
      429: "Too many offers from this account in an hour.",
    },
  },
  {
    operationId: "addProofOfFunds",
    method: "put",
    path: "/offers/{id}/proof-of-funds",
    tag,
    summary: "Send proof of funds for my offer",
    description:
      "multipart/form-data with one `file` part: a PDF, JPEG or PNG of at most 10 MB, its type read from the bytes. It replaces any earlier one; only the seller and the agency can download it. The seller and the agency are told by email.",
    access: "buyer",
    params: { path: offerId },
    body: { schema: ProofOfFundsUploadSchema, contentType: "multipart/form-data", example: { file: "(binary)" } },
    responses: {
      200: { description: "Saved.", schema: z.object({ message: z.string(), offer: OfferSchema }) },
    },
    errors: {
      400: "No file.",
      401: "Signed out.",
      403: notBuyer,
      404: noOffer,
      409: "The offer has ended (rejected, withdrawn or fallen through).",
      413: "The file is over 10 MB.",
      415: "The body is not multipart/form-data, or the file is not a PDF, JPEG or PNG.",
    },
  },
  {
    operationId: "listMyOffers",
    method: "get",
    path: "/offers",
    tag,
    summary: "My offers",
    access: "buyer",
    responses: {
      200: { description: "The buyer's offers, newest first.", schema: z.object({ offers: z.array(OfferSchema) }) },
    },
    errors: { 401: "Signed out.", 403: notBuyer },
  },
  {
    operationId: "moveMyOffer",
    method: "put",
    path: "/offers/{id}",
    tag,
    summary: "Accept a counter-offer, make a new offer, or withdraw",
    description:
      "accept: only while countered; the counter becomes the amount and the home goes under offer. raise: a new, higher amount (from pending or countered), waiting for the seller again and passed on like a new offer. withdraw: from pending or countered; from accepted, the sale falls through and the home is for sale again.",
    access: "buyer",
    params: { path: offerId },
    body: { schema: BuyerMoveJsonSchema, example: { action: "raise", amount: 315000 } },
    responses: { 200: { description: "The offer after the move.", schema: z.object({ offer: OfferSchema }) } },
    errors: {
      ...bodyErrors,
      401: "Signed out.",
      403: notBuyer,
      404: noOffer,
      409: "The offer's state does not allow this move (e.g. no counter-offer to accept, or it has ended), or the home is already under offer.",
      429: "Too many new offers from this account in an hour.",
    },
  },
  {
    operationId: "listHomeOffers",
    method: "get",
    path: "/vendor/bookings/{id}/offers",
    tag,
    summary: "Offers on my home",
    description:
      "The home's vendor, or any admin acting for them. Accepted first, then open ones, then the rest, newest first.",
    access: "vendor-or-admin",
    params: { path: idParam("id", "The booking's (home's) id.") },
    responses: {
      200: { description: "Every offer on the home.", schema: z.object({ offers: z.array(SellerOfferSchema) }) },
    },
    errors: sellerSide,
  },
  {
    operationId: "answerOffer",
    method: "put",
    path: "/vendor/bookings/{id}/offers/{offerId}",
    tag,
    summary: "Accept, reject or counter an offer",
    description:
      "Only a pending offer can be answered. accept: the home goes under offer and its sale opens (409 when another offer is already accepted). counter: an amount above the offer; the buyer may then accept it, offer more or withdraw. The buyer and the agency are emailed; when an admin acts, the seller too.",
    access: "vendor-or-admin",
    params: { path: bookingAndOffer },
    body: { schema: SellerMoveJsonSchema, example: { action: "counter", amount: 320000 } },
    responses: { 200: { description: "The offer after the move.", schema: z.object({ offer: SellerOfferSchema }) } },
    errors: {
      ...bodyErrors,
      ...sellerSide,
      409: "The offer is not pending, the counter is not above the offer, or another offer on the home has already been accepted.",
    },
  },
];
