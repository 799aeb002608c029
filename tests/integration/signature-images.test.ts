// Signature images are user input that ends up in a PDF. Whatever bytes are sent, the process must live
// (pdfkit's PNG reader used to throw from a zlib callback, outside any try, and end the process), a
// decompression bomb must be refused before it is decoded, and a contract is either left unsigned or
// signed with a PDF that can be built. Crashes are caught as the process would see them: an
// 'uncaughtException' (or unhandled rejection) fails the test at once.
import { deflateSync } from "node:zlib";

import fc from "fast-check";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { prisma } from "../../app/lib/db.server";
import { ServiceError } from "../../app/lib/service-error";
import { buildContract } from "../../app/modules/projects/contract";
import { agency } from "../../app/modules/projects/contract.server";
import { contractPdf } from "../../app/modules/projects/contract-pdf.server";
import {
  MAX_SIGNATURE_HEIGHT,
  MAX_SIGNATURE_WIDTH,
  SIGNATURE_MESSAGES,
} from "../../app/modules/projects/signature-image";
import { reencodeSignature } from "../../app/modules/projects/signature-image.server";
import * as signRoute from "../../app/routes/sign-contract";
import * as pdfRoute from "../../app/routes/sign-contract.pdf";
import { type Seller, vendorWithProject } from "../support/contracts";
import { craftedPng, NOT_ZLIB_PNG, PNG_SIGNATURE } from "../support/crafted-images";
import { setupTestDatabase } from "../support/database";
import { setupSmtpServer } from "../support/smtp";

setupTestDatabase();
setupSmtpServer();

// == Watching for what would end the process ==

const crashes: unknown[] = [];
let failCurrent: (error: unknown) => void = () => {};
const recordCrash = (error: unknown) => {
  crashes.push(error);
  failCurrent(error);
};
beforeAll(() => {
  process.on("uncaughtException", recordCrash);
  process.on("unhandledRejection", recordCrash);
});
afterAll(() => {
  process.off("uncaughtException", recordCrash);
  process.off("unhandledRejection", recordCrash);
  expect(crashes).toEqual([]);
});

/** `work`'s outcome, or a failure as soon as anything throws where the process would die of it. */
function survives<T>(work: Promise<T>): Promise<T> {
  const crash = new Promise<never>((_, reject) => {
    failCurrent = (error) => reject(new Error(`the process would have crashed: ${String(error)}`));
  });
  return Promise.race([work, crash]).finally(() => {
    failCurrent = () => {};
  });
}

// == Images, good and bad ==

const dataUrlOf = (bytes: Uint8Array, type = "image/png") =>
  `data:${type};base64,${Buffer.from(bytes).toString("base64")}`;

/** Real images of the kinds people have: 16-bit, grey, palette with transparency, interlaced, progressive, CMYK, turned by EXIF, and at and over the size limit. */
let realImages: Buffer[];
let goodJpeg: Buffer;
/** 8000 × 8000 pixels in about 250 KB: 256 MB once decoded. */
let bomb: Buffer;
beforeAll(async () => {
  const canvas = (width: number, height: number, channels: 1 | 2 | 3 | 4 = 4) =>
    sharp({
      create: {
        width,
        height,
        channels: channels === 1 || channels === 2 ? 3 : channels,
        background: { r: 20, g: 20, b: 20, alpha: 0.6 },
      },
    });
  goodJpeg = await canvas(120, 40, 3).jpeg().toBuffer();
  realImages = await Promise.all([
    canvas(120, 40).png().toBuffer(),
    canvas(120, 40).toColourspace("rgb16").png().toBuffer(),
    canvas(120, 40).greyscale().png().toBuffer(),
    canvas(120, 40).png({ palette: true }).toBuffer(),
    canvas(120, 40).png({ progressive: true }).toBuffer(),
    canvas(1, 1).png().toBuffer(),
    canvas(MAX_SIGNATURE_WIDTH, MAX_SIGNATURE_HEIGHT).png().toBuffer(),
    canvas(MAX_SIGNATURE_WIDTH + 1, 10)
      .png()
      .toBuffer(),
    Promise.resolve(goodJpeg),
    canvas(120, 40, 3).jpeg({ progressive: true }).toBuffer(),
    canvas(120, 40, 3).toColourspace("cmyk").jpeg().toBuffer(),
    canvas(40, 120, 3).withMetadata({ orientation: 6 }).jpeg().toBuffer(),
  ]);
  bomb = await sharp({ create: { width: 8000, height: 8000, channels: 4, background: "#ffffff" } })
    .png({ compressionLevel: 9 })
    .toBuffer();
});

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };
const BIT_DEPTHS: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 4: [8, 16], 6: [8, 16] };

/** A valid PNG of random size, colour type, bit depth and pixels, made by hand (unfiltered rows). */
const handMadePng = fc
  .record({
    width: fc.integer({ min: 1, max: 64 }),
    height: fc.integer({ min: 1, max: 64 }),
    colourType: fc.constantFrom(0, 2, 4, 6),
    depthPick: fc.nat(),
    seed: fc.nat(),
  })
  .map(({ width, height, colourType, depthPick, seed }) => {
    const depths = BIT_DEPTHS[colourType]!;
    const bitDepth = depths[depthPick % depths.length]!;
    const rowBytes = 1 + Math.ceil((width * CHANNELS[colourType]! * bitDepth) / 8);
    const raw = Buffer.alloc(rowBytes * height);
    for (let i = 0; i < raw.length; i++) raw[i] = i % rowBytes === 0 ? 0 : (seed * 31 + i * 17) & 0xff;
    return craftedPng({ width, height, bitDepth, colourType, idat: deflateSync(raw) });
  });

/** Hostile image bytes: random, real images with bytes changed or cut short, and well-formed PNGs with lying headers or broken data. */
function hostileImages(): fc.Arbitrary<Uint8Array> {
  const valid = fc.oneof(fc.constantFrom(...realImages), handMadePng);
  const mutated = fc
    .tuple(valid, fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }))
    .map(([bytes, changes]) => {
      const copy = Buffer.from(bytes);
      for (const [at, value] of changes) copy[at % copy.length] = value;
      return copy;
    });
  const truncated = fc
    .tuple(valid, fc.double({ min: 0, max: 1, noNaN: true }))
    .map(([bytes, share]) => bytes.subarray(0, Math.floor(bytes.length * share)));
  const dimension = fc.oneof(
    fc.integer({ min: 0, max: 64 }),
    fc.integer({ min: 1, max: 100_000 }),
    fc.constant(0xffffffff),
  );
  const idat = fc.oneof(
    fc.uint8Array({ maxLength: 300 }),
    fc.uint8Array({ maxLength: 300 }).map((raw) => deflateSync(raw)),
    // Well-formed zlib of the wrong length, and a zlib stream cut short.
    fc.integer({ min: 1, max: 200_000 }).map((size) => deflateSync(Buffer.alloc(size))),
    fc.uint8Array({ minLength: 10, maxLength: 300 }).map((raw) => deflateSync(raw).subarray(0, 6)),
  );
  const lyingPng = fc
    .record({
      width: dimension,
      height: dimension,
      bitDepth: fc.constantFrom(1, 2, 4, 8, 16, 3, 0),
      colourType: fc.constantFrom(0, 2, 3, 4, 6, 1, 7),
      idat,
    })
    .map((png) => craftedPng(png));
  const magicThenJunk = fc
    .tuple(fc.constantFrom(PNG_SIGNATURE, Buffer.from([0xff, 0xd8, 0xff, 0xe0])), fc.uint8Array({ maxLength: 400 }))
    .map(([magic, rest]) => Buffer.concat([magic, rest]));
  return fc.oneof(
    valid,
    fc.uint8Array({ maxLength: 200 }),
    magicThenJunk,
    mutated,
    truncated,
    lyingPng,
    fc.constant(NOT_ZLIB_PNG),
    fc.constant(bomb),
  );
}

// == The contract around them ==

function sign(seller: Seller, image: { file: Uint8Array } | { dataUrl: string }) {
  const body = new FormData();
  body.append("signer_name", "Sam Signer");
  body.append("agree", "on");
  body.append("contract_hash", seller.hash);
  if ("file" in image)
    body.append("signature_file", new File([new Uint8Array(image.file)], "signature.png", { type: "image/png" }));
  else body.append("signature", image.dataUrl);
  const request = new Request(`http://localhost/sign-contract/${seller.id}`, {
    method: "POST",
    body,
    headers: { Cookie: seller.cookie },
  });
  return signRoute.action({
    request,
    params: { projectId: String(seller.id) },
    context: { clientIp: "203.0.113.9" },
  } as never) as Promise<unknown>;
}

async function downloadPdf(seller: Seller) {
  const response = await pdfRoute.loader({
    request: new Request(`http://localhost/sign-contract/${seller.id}/contract.pdf`, {
      headers: { Cookie: seller.cookie },
    }),
    params: { projectId: String(seller.id) },
    context: { clientIp: "203.0.113.9" },
  } as never);
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

type Reply = { data: { result: { error: Record<string, string[]> } }; init: ResponseInit };
const fieldErrorsOf = (reply: unknown) => (reply as Reply).data.result.error;
const signedAt = async (id: number) => (await prisma.project.findUniqueOrThrow({ where: { id } })).contractSignedAt;
const embedsAnImage = (pdf: Buffer) => pdf.toString("latin1").includes("/Subtype /Image");

const contract = buildContract({
  project: {
    id: 1,
    address: "3 Signature Lane",
    postcode: "LE1 6EJ",
    propertyType: "Terraced",
    bedrooms: 2,
    tenure: "Freehold",
    price: 240000,
    bookingDate: null,
    vendorName: "Sam",
    vendorEmail: "s@example.com",
  },
  agency: agency(),
});
const signedWith = (image: string | null) => ({
  signerName: "Sam Signer",
  signedAt: new Date(),
  ipAddress: null,
  userAgent: null,
  textHash: "0".repeat(64),
  startEarly: false,
  image,
});

describe("signature images at upload", () => {
  test("the PNG whose image data is not a zlib stream is refused, drawn or uploaded, and the contract stays unsigned", async () => {
    const seller = await vendorWithProject();
    const uploaded = await survives(sign(seller, { file: NOT_ZLIB_PNG }));
    expect(fieldErrorsOf(uploaded).signature_file).toEqual([SIGNATURE_MESSAGES.unreadable]);
    const drawn = await survives(sign(seller, { dataUrl: dataUrlOf(NOT_ZLIB_PNG) }));
    expect(fieldErrorsOf(drawn).signature).toEqual([SIGNATURE_MESSAGES.unreadable]);
    expect(await signedAt(seller.id)).toBeNull();
  });

  test("a decompression bomb is refused by the size in its header, before it is decoded", async () => {
    expect(bomb.length).toBeLessThan(300 * 1024);
    const seller = await vendorWithProject();
    const reply = await survives(sign(seller, { file: bomb }));
    expect(fieldErrorsOf(reply).signature_file).toEqual([
      `The signature image is too big: use one of at most 2000 × 1000 pixels.`,
    ]);
    // The header alone said no: a decoder given the whole image would have needed 256 MB.
    const header = craftedPng({ width: 8000, height: 8000, idat: new Uint8Array() });
    await expect(reencodeSignature({ bytes: header })).rejects.toThrow(SIGNATURE_MESSAGES.tooManyPixels);
    expect(await signedAt(seller.id)).toBeNull();
  });

  test("a good image is kept as sharp drew it again: an opaque 8-bit PNG, and the PDF embeds it", async () => {
    const seller = await vendorWithProject();
    await survives(sign(seller, { file: goodJpeg }));
    const stored = (await prisma.project.findUniqueOrThrow({ where: { id: seller.id } })).contractSignature!;
    expect(stored).toMatch(/^data:image\/png;base64,/);
    const meta = await sharp(Buffer.from(stored.slice(stored.indexOf(",") + 1), "base64")).metadata();
    expect(meta).toMatchObject({ format: "png", width: 120, height: 40, hasAlpha: false, isProgressive: false });
    const pdf = await survives(downloadPdf(seller));
    expect(pdf.status).toBe(200);
    expect(embedsAnImage(pdf.bytes)).toBe(true);
  });

  test("fuzz: no image bytes, drawn or uploaded, crash the process or leave a contract signed without a PDF", async () => {
    await fc.assert(
      fc.asyncProperty(hostileImages(), fc.boolean(), async (bytes, asFile) => {
        const seller = await vendorWithProject();
        const reply = await survives(sign(seller, asFile ? { file: bytes } : { dataUrl: dataUrlOf(bytes) }));
        if (await signedAt(seller.id)) {
          const pdf = await survives(downloadPdf(seller));
          expect(pdf.status).toBe(200);
          expect(pdf.bytes.subarray(0, 5).toString()).toBe("%PDF-");
        } else {
          expect((reply as Reply).init.status).toBe(400);
        }
      }),
      { numRuns: 40 },
    );
  });

  test("fuzz: the re-encoder refuses or returns a small opaque PNG, and pdfkit builds a PDF from it", async () => {
    const outcomes = { refused: 0, accepted: 0 };
    await fc.assert(
      fc.asyncProperty(hostileImages(), async (bytes) => {
        const result = await survives(reencodeSignature({ bytes }).catch((error: unknown) => error));
        if (result instanceof ServiceError && result.status === 400) return void (outcomes.refused += 1);
        outcomes.accepted += 1;
        expect(result).toBeInstanceOf(Buffer);
        const meta = await sharp(result as Buffer).metadata();
        expect(meta.format).toBe("png");
        expect(meta.hasAlpha).toBe(false);
        expect(meta.width).toBeLessThanOrEqual(MAX_SIGNATURE_WIDTH);
        expect(meta.height).toBeLessThanOrEqual(MAX_SIGNATURE_HEIGHT);
        const pdf = await survives(contractPdf(contract, signedWith(dataUrlOf(result as Buffer))));
        expect(embedsAnImage(pdf)).toBe(true);
      }),
      { numRuns: 300 },
    );
    // Both ways out were tried, so the property said something about each.
    expect(outcomes.refused).toBeGreaterThan(0);
    expect(outcomes.accepted).toBeGreaterThan(0);
  });
});

describe("contracts already stored with an unsafe image", () => {
  test("still download: the PDF leaves the image out and shows the typed name", async () => {
    for (const image of [
      NOT_ZLIB_PNG,
      bomb,
      craftedPng({ width: 8000, height: 8000, idat: deflateSync(Buffer.alloc(1000)) }),
    ]) {
      const seller = await vendorWithProject();
      await prisma.project.update({
        where: { id: seller.id },
        data: {
          contractSignedAt: new Date(),
          contractSignerName: "Sam Signer",
          contractTextHash: seller.hash,
          contractSignature: dataUrlOf(image),
          contractStartEarly: false,
        },
      });
      const pdf = await survives(downloadPdf(seller));
      expect(pdf.status).toBe(200);
      expect(pdf.bytes.toString("latin1")).toContain("Signed agreement");
      expect(embedsAnImage(pdf.bytes)).toBe(false);
    }
  });

  test("fuzz: whatever is stored, the PDF is built", async () => {
    await fc.assert(
      fc.asyncProperty(hostileImages(), async (bytes) => {
        const pdf = await survives(contractPdf(contract, signedWith(dataUrlOf(bytes))));
        expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
      }),
      { numRuns: 200 },
    );
  });
});
