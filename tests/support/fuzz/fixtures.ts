// The world every fuzz target runs in: an admin, a vendor, a listed home, the vendor's own projects (one to
// sign, one signed and awaiting payment, one to delete), and one of each inbox record, all valid.
import sharp from "sharp";

import { addDays, londonToday } from "../../../app/lib/dates";
import { prisma } from "../../../app/lib/db.server";
import { unsubscribeToken } from "../../../app/modules/alerts/alerts.server";
import { hashPassword } from "../../../app/modules/auth/password.server";
import { createUserSession } from "../../../app/modules/auth/session.server";
import { listingFingerprintNow } from "../../../app/modules/listings/approval.server";
import { newStorageKey, saveFile } from "../../../app/modules/media/storage.server";
import { payableProject } from "../../../app/modules/payments/access.server";
import { paymentLinkToken } from "../../../app/modules/payments/payment-link.server";
import { openIntent } from "../../../app/modules/payments/payments.server";
import { getVendorContract } from "../../../app/modules/projects/contract.server";
import { openSale } from "../../../app/modules/sales/sales.server";
import { canonicalQuery } from "../../../app/modules/saved-searches/saved-searches.server";
import { SearchSchema } from "../../../app/modules/search/filters";
import { feedbackPath, respondPath } from "../../../app/modules/viewings/seller-viewings.server";

/** The token of an emailed link's path. */
const linkTokenOf = (path: string) => new URL(path, "http://localhost").searchParams.get("token")!;

export const VENDOR_PASSWORD = "correct horse battery";
let passwordHash: Promise<string> | undefined;

const project = (fields: Record<string, unknown>) =>
  prisma.project.create({
    data: {
      address: "12 Granby Street, Leicester LE1 6EJ",
      postcode: "LE1 6EJ",
      outcode: "LE1",
      latitude: 52.6339,
      longitude: -1.1328,
      price: 350_000,
      propertyType: "Detached",
      bedrooms: 3,
      bathrooms: 1,
      vendorName: "Ann Seller",
      vendorEmail: "ann@example.com",
      ...fields,
    },
  });

export async function createFixtures() {
  const hash = await (passwordHash ??= hashPassword(VENDOR_PASSWORD));
  const admin = await prisma.user.create({
    data: {
      email: "ada@example.com",
      fullName: "Ada Admin",
      passwordHash: hash,
      role: "admin",
      phoneNumber: "07700 900001",
    },
  });
  const vendor = await prisma.user.create({
    data: {
      email: "ann@example.com",
      fullName: "Ann Seller",
      passwordHash: hash,
      role: "vendor",
      phoneNumber: "07700 900002",
    },
  });
  // A buyer with a confirmed address, and an offer of theirs on a listed home of the vendor's.
  const buyer = await prisma.user.create({
    data: {
      email: "bea@example.com",
      fullName: "Bea Buyer",
      passwordHash: hash,
      role: "buyer",
      phoneNumber: "07700 900005",
      emailVerifiedAt: new Date(),
    },
  });
  const listing = await project({ status: "completed", listedAt: new Date() });
  const toSign = await project({ ownerId: vendor.id, createdById: vendor.id });
  const toDelete = await project({
    ownerId: vendor.id,
    createdById: vendor.id,
    address: "3 Welford Road, Leicester LE2 6BF",
    postcode: "LE2 6BF",
    outcode: "LE2",
  });
  const toPay = await project({
    ownerId: vendor.id,
    createdById: vendor.id,
    contractSignedAt: new Date(),
    contractSignerName: "Ann Seller",
    contractTextHash: "0".repeat(64),
  });
  const contract = await getVendorContract(vendor.id, toSign.id);
  const intent = await openIntent(await payableProject(toPay.id), vendor.id);
  const paid = await project({
    ownerId: vendor.id,
    contractSignedAt: new Date(),
    contractSignerName: "Ann Seller",
    contractTextHash: "1".repeat(64),
  });
  const payment = await prisma.payment.create({
    data: {
      projectId: paid.id,
      userId: vendor.id,
      provider: "sandbox",
      providerPaymentId: "pi_sandbox_paid",
      amountPence: 12_000,
      status: "completed",
      completedAt: new Date(),
    },
  });
  const imageKey = newStorageKey("images", "webp");
  await saveFile(
    imageKey,
    await sharp({ create: { width: 2, height: 2, channels: 3, background: "#fff" } })
      .webp()
      .toBuffer(),
  );
  const image = await prisma.projectImage.create({
    data: {
      projectId: listing.id,
      storageKey: imageKey,
      fileName: "front.webp",
      contentType: "image/webp",
      byteSize: 40,
      width: 2,
      height: 2,
      altText: "The front",
    },
  });
  await prisma.projectImage.create({
    data: {
      projectId: listing.id,
      storageKey: imageKey,
      fileName: "back.webp",
      contentType: "image/webp",
      byteSize: 40,
      width: 2,
      height: 2,
      altText: "The back",
      position: 1,
    },
  });
  const ownListing = await project({
    ownerId: vendor.id,
    createdById: vendor.id,
    status: "completed",
    listedAt: new Date(),
    address: "8 Offer Row, Leicester LE1 6EJ",
    // The agency has asked the seller to approve it (the approval page and API).
    approvalRequestedAt: new Date(),
  });
  const ownListingFingerprint = (await listingFingerprintNow(ownListing.id))!.fingerprint;
  const complaint = await prisma.complaint.create({
    data: { name: "Cal Complainer", email: "cal@example.com", details: "Nobody called back.", receivedAt: new Date() },
  });
  const offer = await prisma.offer.create({
    data: {
      projectId: ownListing.id,
      buyerId: buyer.id,
      buyerName: buyer.fullName,
      buyerEmail: buyer.email,
      amount: 300_000,
      position: "first_time_buyer",
      mortgageInPrinciple: true,
      events: { create: { action: "made", amount: 300_000, by: "buyer", actorId: buyer.id } },
    },
  });
  const apiToken = await prisma.apiToken.create({
    data: { name: "Fixture", tokenHash: "a".repeat(64), prefix: "mw_aaaa", userId: admin.id, role: "admin" },
  });
  const savedSearch = await prisma.savedSearch.create({
    data: {
      userId: vendor.id,
      name: "Near the centre",
      query: canonicalQuery(SearchSchema.parse({ postcode: "LE1", radius: "5" })),
      frequency: "daily",
    },
  });
  const contactMessage = await prisma.contactMessage.create({
    data: { firstName: "Bob", lastName: "Buyer", email: "bob@example.com", message: "Still for sale?" },
  });
  const valuation = await prisma.valuationRequest.create({
    data: {
      postcode: "LE1 6EJ",
      firstName: "Val",
      lastName: "Uation",
      email: "val@example.com",
      contactNumber: "07700 900003",
    },
  });
  const viewing = await prisma.viewingRequest.create({
    data: {
      projectId: listing.id,
      firstName: "Vic",
      lastName: "Viewer",
      email: "vic@example.com",
      phoneNumber: "07700 900004",
      preferredDate: new Date(`${addDays(londonToday(), 7)}T00:00:00Z`),
      preferredTime: "10:30",
    },
  });
  // A listed home of the vendor's with an accepted offer: its sale is in progress (sales progression, issue 24).
  const sold = await project({
    ownerId: vendor.id,
    status: "completed",
    listedAt: new Date(),
    address: "9 Sale Street, Leicester LE1 6EJ",
  });
  const acceptedOffer = await prisma.offer.create({
    data: {
      projectId: sold.id,
      buyerName: "Bob Buyer",
      buyerEmail: "bob@example.com",
      amount: 340_000,
      position: "first_time_buyer",
      mortgageInPrinciple: true,
      status: "accepted",
    },
  });
  const sale = await prisma.$transaction((tx) => openSale(tx, acceptedOffer, 340_000));
  // A seller to check on the listed home (the sale's buyer has a check of their own, opened with the sale).
  const check = await prisma.dueDiligenceCheck.create({
    data: {
      projectId: listing.id,
      party: "seller",
      capacity: "owner",
      fullName: "Fiona Fixture",
      email: vendor.email,
      userId: vendor.id,
    },
  });
  // A home the agency has marked sold: still public, no longer open for viewings or offers.
  const soldHome = await project({
    status: "sold",
    listedAt: new Date(),
    soldAt: new Date(),
    address: "10 Sold Lane, Leicester LE1 6EJ",
  });
  return {
    admin,
    vendor,
    buyer,
    ownListingId: ownListing.id,
    ownListingFingerprint,
    complaintId: complaint.id,
    offerId: offer.id,
    saleProjectId: sold.id,
    soldId: soldHome.id,
    saleId: sale.id,
    saleOfferId: acceptedOffer.id,
    checkId: check.id,
    listingId: listing.id,
    toSignId: toSign.id,
    contractHash: contract!.hash,
    toDeleteId: toDelete.id,
    toPayId: toPay.id,
    paymentToken: paymentLinkToken(toPay),
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.payment.providerPaymentId,
    paymentId: payment.id,
    contactMessageId: contactMessage.id,
    valuationId: valuation.id,
    viewingId: viewing.id,
    imageId: image.id,
    imageKey,
    apiTokenId: apiToken.id,
    savedSearchId: savedSearch.id,
    unsubscribeToken: unsubscribeToken(savedSearch.id),
    // The viewing's emailed links (accept another time; leave feedback).
    viewingResponseToken: linkTokenOf(respondPath(viewing.id, addDays(londonToday(), 7), "10:30")),
    viewingFeedbackToken: linkTokenOf(feedbackPath(viewing)),
    viewingDate: addDays(londonToday(), 14),
    sessions: {
      admin: (await createUserSession(admin.id, { persistent: false })).split(";")[0]!,
      vendor: (await createUserSession(vendor.id, { persistent: false })).split(";")[0]!,
      buyer: (await createUserSession(buyer.id, { persistent: false })).split(";")[0]!,
    },
  };
}

export type Fixtures = Awaited<ReturnType<typeof createFixtures>>;
