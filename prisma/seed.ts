// Demo data for an empty database (SEED_DEMO, see app/modules/bootstrap/prepare-database.server.ts):
// a demo admin and vendor, about thirty listed homes across England with photos, a floor plan and an
// EPC each, and a few pending projects on the vendor's dashboard: each with its contract signed, and
// the two whose photographer has been already paid for (in the sandbox), so one is still to pay. The
// data is in ./seed-assets.
//
// Media files are written first and the rows in one transaction, so a failure leaves no rows and
// removes the files it wrote. The photos are read from prisma/seed-assets/photos under the working
// directory (npm start runs from the project root; this module is bundled into the server build,
// so its own location is no guide).
import { readFile } from "node:fs/promises";
import path from "node:path";

import sharp from "sharp";

import type { Prisma } from "../app/generated/prisma/client";
import { addDays, londonToday } from "../app/lib/dates";
import { prisma } from "../app/lib/db.server";
import { hashPassword } from "../app/modules/auth/password.server";
import { importSanctionsList, latestSanctionsImport } from "../app/modules/compliance/sanctions.server";
import { deleteFile, newStorageKey, saveFile } from "../app/modules/media/storage.server";
import { packagePrice } from "../app/modules/payments/price.server";
import { buildContract } from "../app/modules/projects/contract";
import { agency, contractHash } from "../app/modules/projects/contract.server";
import { epcCertificatePdf } from "./seed-assets/epc-certificate";
import { floorPlanSvg } from "./seed-assets/floor-plan";
import { type EpcBand, LISTINGS, type ListingSeed, PENDING_PROJECTS, type PendingSeed } from "./seed-assets/listings";
import { type PhotoName, photosFor } from "./seed-assets/photos";
import { DEMO_SANCTIONS_LIST } from "./seed-assets/sanctions";

// The demo accounts' passwords are made for each installation (app/modules/bootstrap/demo-logins.server.ts).
const DEMO_ADMIN = {
  email: "admin@demo.movewise.test",
  fullName: "Demo Administrator",
  phoneNumber: "",
};
const DEMO_VENDOR = {
  email: "vendor@demo.movewise.test",
  fullName: "Sarah Thompson",
  phoneNumber: "07700 900461",
};

const DEMO_BUYER = {
  email: "buyer@demo.movewise.test",
  fullName: "James Patel",
  phoneNumber: "07700 900462",
};

function passwordOf(passwords: Record<string, string>, email: string) {
  const password = passwords[email];
  if (!password) throw new Error(`No password was made for the demo account ${email}`);
  return password;
}

/** How many listed homes, and sold ones, the demo buyer has saved. */
const DEMO_BUYER_SAVES = { listed: 3, sold: 1 };

const PHOTO_DIR = path.resolve(process.cwd(), "prisma", "seed-assets", "photos");
const DAY_MS = 24 * 60 * 60 * 1000;
const SQFT_PER_SQM = 10.7639;

type Home = ListingSeed | PendingSeed;
type ImageRow = Prisma.ProjectImageCreateManyProjectInput;
type FloorPlanRow = Prisma.FloorPlanCreateManyProjectInput;
type DocumentRow = Prisma.ProjectDocumentCreateManyProjectInput;

interface Media {
  images: ImageRow[];
  floorPlans: FloorPlanRow[];
  documents: DocumentRow[];
}

/** Writes media files under fresh keys and remembers them, so a failed seed can remove them again. */
function mediaStore(dataDir: string) {
  const written: string[] = [];
  return {
    async save(folder: string, extension: string, data: Uint8Array) {
      const key = newStorageKey(folder, extension);
      written.push(key);
      await saveFile(key, data, dataDir);
      return key;
    },
    async discard() {
      await Promise.allSettled(written.map((key) => deleteFile(key, dataDir)));
    },
  };
}
type MediaStore = ReturnType<typeof mediaStore>;

/** Each demo photo is read (and measured) once, then stored again under a new key for every home. */
function photoLibrary() {
  const cache = new Map<PhotoName, Promise<{ bytes: Buffer; width?: number; height?: number }>>();
  return (name: PhotoName) => {
    let photo = cache.get(name);
    if (!photo) {
      const file = path.join(PHOTO_DIR, `${name}.jpg`);
      photo = readFile(file).then(
        async (bytes) => {
          const { width, height } = await sharp(bytes).metadata();
          return { bytes, width, height };
        },
        (error: unknown) => {
          throw new Error(`Demo photo ${file} is missing: the seed must run from the project root`, { cause: error });
        },
      );
      cache.set(name, photo);
    }
    return photo;
  };
}
type PhotoLibrary = ReturnType<typeof photoLibrary>;

const fullAddress = (home: Home) => `${home.street}, ${home.town} ${home.postcode}`;

const dateOnly = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));

/** A made-up certificate number in the EPC register's format (five groups of four digits). */
function certificateNumber(index: number) {
  let n = 7_301 + index * 104_729;
  const groups: string[] = [];
  for (let g = 0; g < 5; g++) {
    n = (n * 48_271) % 2_147_483_647;
    groups.push(String(n % 10_000).padStart(4, "0"));
  }
  return groups.join("-");
}

async function imagesFor(
  home: Home & { exterior: NonNullable<Home["exterior"]> },
  index: number,
  count: number,
  store: MediaStore,
  photos: PhotoLibrary,
) {
  return Promise.all(
    photosFor(home, index, count).map(async (choice, position): Promise<ImageRow> => {
      const photo = await photos(choice.name);
      return {
        storageKey: await store.save("images", "jpg", photo.bytes),
        fileName: `${choice.name}.jpg`,
        contentType: "image/jpeg",
        byteSize: photo.bytes.byteLength,
        width: photo.width ?? null,
        height: photo.height ?? null,
        altText: choice.altText,
        position,
      };
    }),
  );
}

async function floorPlanFor(home: Home, store: MediaStore): Promise<FloorPlanRow> {
  const { svg } = floorPlanSvg({ ...home, address: fullAddress(home) });
  const png = await sharp(Buffer.from(svg)).png({ palette: true, colours: 64 }).toBuffer();
  return {
    storageKey: await store.save("floorplans", "png", png),
    fileName: "floor_plan.png",
    contentType: "image/png",
    byteSize: png.byteLength,
    position: 0,
  };
}

async function epcFor(
  home: Home,
  ratings: { current: EpcBand; potential: EpcBand },
  assessedOn: Date,
  index: number,
  store: MediaStore,
): Promise<DocumentRow> {
  const pdf = await epcCertificatePdf({
    address: fullAddress(home),
    propertyType: home.propertyType,
    floorAreaSqm: home.sizeSqft / SQFT_PER_SQM,
    ...ratings,
    variant: index,
    reference: certificateNumber(index),
    assessedOn,
    construction: home.construction ?? "Not recorded",
    heating: home.heating ?? "Not recorded",
  });
  return {
    type: "EPC",
    name: "EPC certificate.pdf",
    storageKey: await store.save("documents", "pdf", pdf),
    contentType: "application/pdf",
    byteSize: pdf.byteLength,
  };
}

/** The project columns both listed homes and pending projects have. */
function projectFields(home: Home) {
  return {
    vendorName: home.vendor.name,
    vendorEmail: home.vendor.email.toLowerCase(),
    vendorPhone: home.vendor.phone ?? null,
    address: fullAddress(home),
    postcode: home.postcode,
    outcode: home.postcode.split(" ")[0]!,
    latitude: home.latitude,
    longitude: home.longitude,
    price: home.price,
    propertyType: home.propertyType,
    bedrooms: home.bedrooms,
    bathrooms: home.bathrooms,
    receptions: home.receptions,
    sizeSqft: home.sizeSqft,
    tenure: home.tenure,
    keyFeatures: home.keyFeatures,
    description: home.description,
    parking: home.parking,
    garden: home.garden,
    accessibility: home.accessibility,
    councilTax: home.councilTaxBand ? `Band ${home.councilTaxBand}` : null,
    councilTaxBand: home.councilTaxBand ?? null,
    localAuthority: home.localAuthority ?? null,
    epcRating: home.epcRating ?? null,
    epcPotential: home.epcPotential ?? null,
    leaseYearsRemaining: home.lease?.yearsRemaining ?? null,
    groundRentPerYear: home.lease?.groundRentPerYear ?? null,
    serviceChargePerYear: home.lease?.serviceChargePerYear ?? null,
    construction: home.construction ?? null,
    heating: home.heating ?? null,
    electricity: home.utilities?.electricity ?? null,
    water: home.utilities?.water ?? null,
    sewerage: home.utilities?.sewerage ?? null,
    broadband: home.broadband ?? null,
    mobileCoverage: home.mobileCoverage ?? null,
    parkingDetails: home.parkingDetails ?? null,
    floodRisk: home.floodRisk ?? null,
    restrictions: home.restrictions ?? null,
    rightsAndEasements: home.rightsAndEasements ?? null,
    buildingSafety: home.buildingSafety ?? null,
    coalfieldOrMining: home.coalfieldOrMining ?? null,
  } satisfies Partial<Prisma.ProjectCreateInput>;
}

/** A reduced home's price before, and its price history (app/modules/listings/price-history.server.ts keeps both). */
function reductionFields(home: ListingSeed, now: number) {
  if (!home.reducedFrom) return {};
  const changedAt = new Date(now - home.reducedFrom.daysAgo * DAY_MS);
  return {
    previousPrice: home.reducedFrom.price,
    priceChangedAt: changedAt,
    priceChanges: { create: [{ fromPrice: home.reducedFrom.price, toPrice: home.price, changedAt }] },
  };
}

/** A listed (or sold) home: booked a few days before the photographer's visit, listed a few days after it. */
async function prepareListing(home: ListingSeed, index: number, now: number, store: MediaStore, photos: PhotoLibrary) {
  const listedAt = new Date(now - home.listedDaysAgo * DAY_MS);
  const bookingDate = dateOnly(new Date(listedAt.getTime() - (4 + (index % 4)) * DAY_MS));
  const createdAt = new Date(bookingDate.getTime() - (3 + (index % 5)) * DAY_MS + 10.5 * 60 * 60 * 1000);
  const soldAt = home.soldDaysAgo === undefined ? null : new Date(now - home.soldDaysAgo * DAY_MS);
  const [images, floorPlan, epc] = await Promise.all([
    imagesFor(home, index, 4 + (index % 3), store, photos),
    floorPlanFor(home, store),
    epcFor(home, { current: home.epcRating, potential: home.epcPotential }, bookingDate, index, store),
  ]);
  return {
    fields: {
      ...projectFields(home),
      status: soldAt ? "sold" : "completed",
      bookingDate,
      listedAt,
      soldAt,
      createdAt,
      updatedAt: soldAt ?? listedAt,
      ...reductionFields(home, now),
    } satisfies Partial<Prisma.ProjectCreateInput>,
    media: { images, floorPlans: [floorPlan], documents: [epc] } satisfies Media,
    // The admin uploads the media pack the day after the visit.
    uploadedAt: new Date(Math.min(bookingDate.getTime() + 1.4 * DAY_MS, listedAt.getTime())),
  };
}

/** One of the demo vendor's own projects, at whatever stage its media pack has reached. */
async function preparePending(home: PendingSeed, index: number, now: number, store: MediaStore, photos: PhotoLibrary) {
  const createdAt = new Date(now - home.createdDaysAgo * DAY_MS);
  const bookingDate = dateOnly(new Date(now + home.bookingInDays * DAY_MS));
  const exterior = home.exterior;
  const images =
    exterior && home.photoCount > 0
      ? await imagesFor({ ...home, exterior }, index, home.photoCount, store, photos)
      : [];
  const media: Media = { images, floorPlans: [], documents: [] };
  if (home.hasMediaPack) {
    media.floorPlans.push(await floorPlanFor(home, store));
    if (home.epcRating) {
      const ratings = { current: home.epcRating, potential: home.epcPotential ?? home.epcRating };
      media.documents.push(await epcFor(home, ratings, bookingDate, LISTINGS.length + index, store));
    }
  }
  return {
    fields: {
      ...projectFields(home),
      status: "pending",
      bookingDate,
      createdAt,
      updatedAt: createdAt,
    } satisfies Partial<Prisma.ProjectCreateInput>,
    media,
    uploadedAt: new Date(Math.min(bookingDate.getTime() + 1.4 * DAY_MS, now)),
  };
}

type Tx = Prisma.TransactionClient;

/**
 * The demo vendor's steps after creating a project, as the app records them: the contract signed with a
 * typed name 20 minutes later, then (for a paid one) the package paid in the sandbox with a test Visa.
 */
async function recordProgress(
  tx: Tx,
  {
    id,
    progress,
    createdAt,
    vendorId,
    receiptNumber,
  }: { id: number; progress: PendingSeed["progress"]; createdAt: Date; vendorId: number; receiptNumber: number },
) {
  const project = await tx.project.findUniqueOrThrow({ where: { id } });
  const contract = buildContract({ project, agency: agency() });
  const signedAt = new Date(createdAt.getTime() + 20 * 60 * 1000);
  await tx.project.update({
    where: { id },
    data: {
      contractSignedAt: signedAt,
      contractSignerName: project.vendorName,
      contractTerms: contract,
      contractTextHash: contractHash(contract),
      contractStartEarly: true,
    },
  });
  if (progress !== "paid") return;
  const paidAt = new Date(signedAt.getTime() + 5 * 60 * 1000);
  const price = packagePrice();
  await tx.payment.create({
    data: {
      projectId: id,
      userId: vendorId,
      provider: "sandbox",
      providerPaymentId: `sbx_pi_demo-booking-${id}`,
      idempotencyKey: `booking-${id}-payment-1`,
      chargeId: `sbx_ch_demo-booking-${id}`,
      amountPence: price.totalPence,
      currency: price.currency,
      status: "completed",
      cardBrand: "Visa",
      cardLast4: "4242",
      receiptNumber,
      completedAt: paidAt,
      createdAt: signedAt,
    },
  });
}

/** One INSERT per kind of media (nested `create` would insert row by row). */
const nestedMedia = ({ media, uploadedAt }: { media: Media; uploadedAt: Date }) => ({
  images: { createMany: { data: media.images.map((row) => ({ ...row, createdAt: uploadedAt })) } },
  floorPlans: { createMany: { data: media.floorPlans.map((row) => ({ ...row, createdAt: uploadedAt })) } },
  documents: { createMany: { data: media.documents.map((row) => ({ ...row, createdAt: uploadedAt })) } },
});

/**
 * The first listed home's viewings: two that have taken place (one with the agency's feedback) and one still
 * to answer, so the seller's tab, the calendar and feedback have something to show.
 */
async function seedViewings(tx: Prisma.TransactionClient, projectId: number, adminId: number, now: number) {
  const today = londonToday(new Date(now));
  const viewer = (firstName: string, lastName: string) => ({
    projectId,
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@demo.movewise.test`,
    phoneNumber: "07700 900321",
  });
  const day = (offset: number) => new Date(`${addDays(today, offset)}T00:00:00Z`);
  await tx.viewingRequest.create({
    data: {
      ...viewer("Sam", "Viewer"),
      preferredDate: day(-1),
      preferredTime: "11:00",
      status: "confirmed",
      handledAt: new Date(now - 3 * DAY_MS),
    },
  });
  await tx.viewingRequest.create({
    data: {
      ...viewer("Alex", "Looker"),
      preferredDate: day(-3),
      preferredTime: "14:00",
      status: "confirmed",
      handledAt: new Date(now - 5 * DAY_MS),
      feedbackRequestedAt: new Date(now - 2 * DAY_MS),
      feedback: {
        create: {
          source: "agency",
          attended: true,
          interest: "interested",
          comment: "Liked the garden; asked about the school catchment.",
          buyerPosition: "first_time_buyer",
          recordedById: adminId,
        },
      },
    },
  });
  await tx.viewingRequest.create({
    data: { ...viewer("Jo", "Pending"), preferredDate: day(5), preferredTime: "10:30" },
  });
}

/**
 * Loads the demo data; `passwords` (by email) are the demo accounts' (demoPasswords in
 * app/modules/bootstrap/demo-logins.server.ts).
 */
export async function seedDemoData({
  dataDir,
  passwords,
}: {
  dataDir: string;
  passwords: Record<string, string>;
}): Promise<Record<string, number>> {
  const now = Date.now();
  const store = mediaStore(dataDir);
  const photos = photoLibrary();
  try {
    const [adminHash, vendorHash, buyerHash, listings, pending] = await Promise.all([
      hashPassword(passwordOf(passwords, DEMO_ADMIN.email)),
      hashPassword(passwordOf(passwords, DEMO_VENDOR.email)),
      hashPassword(passwordOf(passwords, DEMO_BUYER.email)),
      Promise.all(LISTINGS.map((home, i) => prepareListing(home, i, now, store, photos))),
      Promise.all(PENDING_PROJECTS.map((home, i) => preparePending(home, i, now, store, photos))),
    ]);

    await prisma.$transaction(
      async (tx) => {
        // Existing accounts with these emails are kept as they are. The demo addresses are the product's
        // own (and cannot receive mail), so they count as confirmed.
        const account = (user: typeof DEMO_ADMIN, role: "admin" | "vendor" | "buyer", passwordHash: string) =>
          tx.user.upsert({
            where: { email: user.email },
            create: {
              email: user.email,
              fullName: user.fullName,
              phoneNumber: user.phoneNumber,
              role,
              passwordHash,
              emailVerifiedAt: new Date(now),
              // The demo agency's admin is also its nominated officer, so the tour shows the register.
              nominatedOfficer: role === "admin",
            },
            update: {},
            select: { id: true },
          });
        const admin = await account(DEMO_ADMIN, "admin", adminHash);
        const vendor = await account(DEMO_VENDOR, "vendor", vendorHash);
        const buyer = await account(DEMO_BUYER, "buyer", buyerHash);
        const saves = { ...DEMO_BUYER_SAVES };
        let viewingsSeeded = false;
        for (const listing of listings) {
          const home = await tx.project.create({
            data: { ...listing.fields, ...nestedMedia(listing), createdBy: { connect: admin } },
            select: { id: true, price: true, status: true, address: true },
          });
          if (!viewingsSeeded && home.status === "completed") {
            viewingsSeeded = true;
            await seedViewings(tx, home.id, admin.id, now);
          }
          // The demo buyer's saved homes: a few on the market and one sold since it was saved.
          const kind = home.status === "sold" ? "sold" : "listed";
          if (saves[kind] === 0) continue;
          saves[kind] -= 1;
          await tx.savedHome.create({
            data: {
              userId: buyer.id,
              projectId: home.id,
              priceAtSave: home.price,
              statusAtSave: "completed",
              addressAtSave: home.address,
              savedAt: new Date(now - (saves.listed + saves.sold + 1) * DAY_MS),
            },
          });
        }
        // Receipts are numbered in the order the payments completed: the oldest project's first.
        const paidOldestFirst = PENDING_PROJECTS.filter((home) => home.progress === "paid").sort(
          (a, b) => b.createdDaysAgo - a.createdDaysAgo,
        );
        for (const [i, project] of pending.entries()) {
          const { id } = await tx.project.create({
            data: {
              ...project.fields,
              ...nestedMedia(project),
              owner: { connect: vendor },
              createdBy: { connect: vendor },
            },
            select: { id: true },
          });
          const home = PENDING_PROJECTS[i]!;
          const receiptNumber = paidOldestFirst.indexOf(home) + 1;
          await recordProgress(tx, {
            id,
            progress: home.progress,
            createdAt: project.fields.createdAt,
            vendorId: vendor.id,
            receiptNumber,
          });
        }
      },
      { maxWait: 10_000, timeout: 60_000 },
    );
    // A made-up sanctions list, so the demo's identity checks can be screened (production imports the real one).
    if (!(await latestSanctionsImport())) await importSanctionsList(DEMO_SANCTIONS_LIST, "demo data");

    const all = [...listings, ...pending];
    const count = (pick: (media: Media) => unknown[]) => all.reduce((sum, p) => sum + pick(p.media).length, 0);
    return {
      accounts: 3,
      projects: all.length,
      listed: listings.filter((l) => l.fields.status === "completed").length,
      sold: listings.filter((l) => l.fields.status === "sold").length,
      pending: pending.length,
      paid: PENDING_PROJECTS.filter((home) => home.progress === "paid").length,
      images: count((m) => m.images),
      floorPlans: count((m) => m.floorPlans),
      documents: count((m) => m.documents),
    };
  } catch (error) {
    await store.discard();
    throw error;
  }
}
