// The Rightmove BLM zip: every home on the market that is switched on (portalHomesForFeed), as one BLM file
// plus its media named as the format requires. The zip is made as it is read, one media file in memory at a
// time, so the download and the daily export never hold the whole zip (fflate's streaming Zip).
//
// The media go first and the BLM file last: a photo whose file is missing (a store out of step with the
// database) is then left out of both the zip and its row, with a warning, instead of failing the file or
// naming a file the zip lacks.
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import sharp from "sharp";

import { logger } from "../../lib/logger.server";
import { EPC_BANDS } from "../listings/epc";
import { fileStore } from "../media/storage.server";
import { EPC_RATINGS } from "../projects/options";
import {
  blmDefinition,
  type BlmMedia,
  type BlmMediaFile,
  blmMediaFileName,
  blmRecord,
  blmStamp,
  MEDIA_KINDS,
  mediaColumnsFor,
  type MediaKind,
  writeBlm,
} from "./blm";
import { blmAgentRef } from "./codes";
import { type PortalHome, portalHomesForFeed } from "./portal-home.server";
import { blmBranchId } from "./settings.server";

/** Where a media file's bytes come from, and what it must be turned into. */
type MediaSource =
  | { kind: "stored"; key: string; convert: "jpeg" | "png" | null }
  | { kind: "epc-graph"; rating: string; potential: string | null };

type PlannedFile = BlmMediaFile & { mediaKind: MediaKind; source: MediaSource };

type PlannedHome = { home: PortalHome; agentRef: string; files: PlannedFile[] };

export type BlmFeed = {
  branchId: number;
  generatedAt: Date;
  /** `2002_2026112605`: the zip is `<stamp>.zip`, the BLM inside `<stamp>.BLM`. */
  baseName: string;
  homes: PlannedHome[];
};

const IMAGE_EXTENSIONS: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/gif": "gif" };

const isEpcRating = (value: string | null): value is string =>
  value !== null && (EPC_RATINGS as readonly string[]).includes(value);

/** A picture's name or caption as a caption (≤ 20); "EPC" and "HIP" are kept for the EPC columns. */
const caption = (text: string, fallback: string) => {
  const words = text.replace(/\.[a-z0-9]{2,4}$/i, "").trim() || fallback;
  return /^(epc|hip)$/i.test(words) ? fallback : words;
};

/** Which files a home sends, in which columns, under which names. */
export function planMedia(home: PortalHome, branchId: number): PlannedHome {
  const agentRef = blmAgentRef(branchId, home.id);
  const files: PlannedFile[] = [];
  const add = (mediaKind: MediaKind, extension: string, text: string, source: MediaSource) => {
    const { first, limit } = MEDIA_KINDS[mediaKind];
    const index = first + files.filter((f) => f.mediaKind === mediaKind).length;
    if (index >= first + limit) return;
    files.push({
      mediaKind,
      index,
      fileName: blmMediaFileName(agentRef, mediaKind, index, extension),
      caption: text,
      source,
    });
  };
  // Photos and plans must be JPEG, GIF or PNG: our uploads are stored as WebP, so they are converted (photos
  // to JPEG; plans to PNG, which keeps line drawings sharp).
  home.images.forEach((image, i) => {
    const extension = IMAGE_EXTENSIONS[image.contentType];
    add("images", extension ?? "jpg", caption(image.altText, `Photo ${i + 1}`), {
      kind: "stored",
      key: image.storageKey,
      convert: extension ? null : "jpeg",
    });
  });
  if (isEpcRating(home.epcRating))
    add("epcGraphs", "png", "EPC", {
      kind: "epc-graph",
      rating: home.epcRating,
      potential: isEpcRating(home.epcPotential) ? home.epcPotential : null,
    });
  home.floorPlans.forEach((plan, i) => {
    const extension = IMAGE_EXTENSIONS[plan.contentType];
    add("floorPlans", extension ?? "png", home.floorPlans.length > 1 ? `Floor plan ${i + 1}` : "Floor plan", {
      kind: "stored",
      key: plan.storageKey,
      convert: extension ? null : "png",
    });
  });
  // Documents must be PDF (a Word brochure is left out); a RICS survey is the buyer's business, not the portal's.
  for (const document of home.documents) {
    if (document.contentType !== "application/pdf" || document.type === "RICS") continue;
    if (document.type === "EPC")
      add("epcDocuments", "pdf", "EPC", { kind: "stored", key: document.storageKey, convert: null });
    else
      add("documents", "pdf", caption(document.name, "Brochure"), {
        kind: "stored",
        key: document.storageKey,
        convert: null,
      });
  }
  return { home, agentRef, files };
}

/** The tours: the listing's own link, then any others, each once. */
function virtualTours(home: PortalHome) {
  const urls = [home.virtualTourUrl, ...home.virtualTours.map((t) => t.url)].filter(
    (url): url is string => Boolean(url) && /^https?:\/\//i.test(url!),
  );
  return [...new Set(urls)].map((url) => ({ url, caption: "Virtual tour" }));
}

/** Reads the homes and decides every file's name; nothing is read from the store yet. */
export async function loadBlmFeed(now = new Date()): Promise<BlmFeed> {
  const branchId = blmBranchId();
  const homes = await portalHomesForFeed();
  return {
    branchId,
    generatedAt: now,
    baseName: `${branchId}_${blmStamp(now)}`,
    homes: homes.map((home) => planMedia(home, branchId)),
  };
}

/** The EPC graph (IMG_60): the A–G bands with the current and potential ratings marked, as a PNG. */
export async function epcGraphPng(rating: string, potential: string | null): Promise<Uint8Array> {
  const row = 44;
  const top = 60;
  const arrow = (letter: string, x: number) => {
    const i = EPC_BANDS.findIndex((b) => b.band === letter);
    const band = EPC_BANDS[i]!;
    const y = top + i * row + 4;
    return `<polygon points="${x},${y + 18} ${x + 18},${y} ${x + 110},${y} ${x + 110},${y + 36} ${x + 18},${y + 36}" fill="${band.colour}"/>
      <text x="${x + 64}" y="${y + 27}" font-size="24" font-weight="bold" fill="#fff" text-anchor="middle">${letter}</text>`;
  };
  const bands = EPC_BANDS.map((band, i) => {
    const y = top + i * row;
    const width = 170 + i * 40;
    return `<rect x="10" y="${y + 4}" width="${width}" height="36" fill="${band.colour}"/>
      <text x="18" y="${y + 28}" font-size="15" fill="#fff">(${band.range})</text>
      <text x="${width - 6}" y="${y + 31}" font-size="26" font-weight="bold" fill="#fff" text-anchor="end">${band.band}</text>`;
  }).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="${top + 7 * row + 20}" font-family="sans-serif">
    <rect width="100%" height="100%" fill="#fff"/>
    <text x="10" y="32" font-size="22" font-weight="bold" fill="#222">Energy Efficiency Rating</text>
    <text x="520" y="50" font-size="16" fill="#222" text-anchor="middle">Current</text>
    <text x="650" y="50" font-size="16" fill="#222" text-anchor="middle">Potential</text>
    ${bands}${arrow(rating, 460)}${potential ? arrow(potential, 590) : ""}
  </svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}

/** A planned file's bytes, converted as the format needs; null when the stored file is missing or unreadable. */
async function mediaBytes(file: PlannedFile): Promise<Uint8Array | null> {
  const { source } = file;
  if (source.kind === "epc-graph") return epcGraphPng(source.rating, source.potential);
  const bytes = await fileStore().get(source.key);
  if (!bytes || !source.convert) return bytes;
  try {
    const image = sharp(bytes).rotate();
    const converted =
      source.convert === "jpeg" ? image.flatten({ background: "#ffffff" }).jpeg({ quality: 85 }) : image.png();
    return new Uint8Array(await converted.toBuffer());
  } catch (error) {
    logger.warn({ err: error, key: source.key }, "BLM feed: a media file could not be converted; left out");
    return null;
  }
}

export type BlmZipSummary = { propertyCount: number; mediaCount: number; missing: string[] };

/**
 * The zip as a stream of chunks. `done` resolves when the last chunk has been made, with what went in. The
 * stream pulls: the next media file is read only when the reader wants more.
 */
export function blmZipStream(feed: BlmFeed): { stream: ReadableStream<Uint8Array>; done: Promise<BlmZipSummary> } {
  let settle!: (summary: BlmZipSummary) => void;
  let fail!: (error: unknown) => void;
  const done = new Promise<BlmZipSummary>((resolve, reject) => {
    settle = resolve;
    fail = reject;
  });
  // Nobody need wait for `done` (the download does not): its failure is the stream's failure.
  done.catch(() => {});
  const chunks = blmZipChunks(feed, settle);
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      } catch (error) {
        fail(error);
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(undefined);
      fail(new Error("the BLM zip was not read to its end"));
    },
  });
  return { stream, done };
}

async function* blmZipChunks(feed: BlmFeed, settle: (summary: BlmZipSummary) => void): AsyncGenerator<Uint8Array> {
  const ready: Uint8Array[] = [];
  let zipError: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) zipError = error;
    else ready.push(chunk);
  });
  const drain = function* () {
    if (zipError) throw zipError;
    while (ready.length) yield ready.shift()!;
  };
  // Zip entries carry a date: the file's generation time, not each reader's clock.
  const mtime = feed.generatedAt;
  const present = new Set<PlannedFile>();
  const missing: string[] = [];
  for (const planned of feed.homes) {
    for (const file of planned.files) {
      const bytes = await mediaBytes(file);
      if (!bytes) {
        missing.push(file.fileName);
        logger.warn(
          { projectId: planned.home.id, fileName: file.fileName },
          "BLM feed: a media file is missing from the store or unreadable; left out of the file",
        );
        continue;
      }
      // Photos, plans and PDFs are compressed already: stored as they are.
      const entry = new ZipPassThrough(file.fileName);
      entry.mtime = mtime;
      zip.add(entry);
      entry.push(bytes, true);
      present.add(file);
      yield* drain();
    }
  }
  const media = feed.homes.map(({ home, files }) => {
    const sent = files.filter((f) => present.has(f));
    const of = (kind: MediaKind) => sent.filter((f) => f.mediaKind === kind);
    // A left-out file leaves its columns empty: the other files keep the names they were zipped under.
    const byKind: BlmMedia = {
      images: of("images"),
      epcGraphs: of("epcGraphs"),
      floorPlans: of("floorPlans"),
      documents: of("documents"),
      epcDocuments: of("epcDocuments"),
      virtualTours: virtualTours(home),
    };
    return byKind;
  });
  const definition = blmDefinition(mediaColumnsFor(media));
  const text = writeBlm({
    definition,
    records: feed.homes.map(({ home }, i) => blmRecord(home, media[i]!, feed.branchId)),
    generatedAt: feed.generatedAt,
  });
  const blm = new ZipDeflate(`${feed.baseName}.BLM`, { level: 6 });
  blm.mtime = mtime;
  zip.add(blm);
  blm.push(new TextEncoder().encode(text), true);
  zip.end();
  yield* drain();
  settle({ propertyCount: feed.homes.length, mediaCount: present.size, missing });
}
