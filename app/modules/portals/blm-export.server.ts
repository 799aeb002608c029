// The daily BLM export (job "rightmove-blm-export", 05:00 London time, and "Write today's file now" on
// /admin/portals): the same zip as the download, written to RIGHTMOVE_BLM_EXPORT_DIR (for an upload job that
// sends it on to Rightmove) or, unset, to the file store under private/feeds/rightmove/ (never served at
// /media). Each file written is recorded as a FeedExport; the 14 newest are kept, older files and rows go.
import { randomBytes } from "node:crypto";
import { mkdir, open, rename, rm } from "node:fs/promises";
import path from "node:path";

import type { FeedExport } from "../../generated/prisma/client";
import { prisma } from "../../lib/db.server";
import { getEnv } from "../../lib/env.server";
import { logger } from "../../lib/logger.server";
import { fileStore } from "../media/storage.server";
import { blmZipStream, loadBlmFeed } from "./blm-feed.server";

/** How many exports are kept (two weeks of daily files). */
export const KEPT_EXPORTS = 14;

/** The export folder, resolved, or null when exports go to the file store. */
function exportDir() {
  const dir = getEnv().RIGHTMOVE_BLM_EXPORT_DIR;
  return dir ? path.resolve(dir) : null;
}

/** A store key ([a-z0-9-/] only): `private/feeds/rightmove/2002-2026112605.zip`. */
const storeKeyFor = (baseName: string) => `private/feeds/rightmove/${baseName.replace(/_/g, "-")}.zip`;

/** Folder exports are recorded by absolute path; store exports by key (never absolute). */
const isFolderLocation = (location: string) => path.isAbsolute(location);

async function writeToFolder(dir: string, fileName: string, stream: ReadableStream<Uint8Array>) {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, fileName);
  // Written under a temporary name and renamed, so an upload job never picks up half a zip.
  const temporary = path.join(dir, `.${fileName}.${randomBytes(6).toString("hex")}.tmp`);
  let size = 0;
  const handle = await open(temporary, "w");
  try {
    const reader = stream.getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      await handle.write(next.value);
      size += next.value.byteLength;
    }
    await handle.close();
    await rename(temporary, file);
  } catch (error) {
    await handle.close().catch(() => {});
    await rm(temporary, { force: true });
    throw error;
  }
  return { location: file, size };
}

async function writeToStore(key: string, stream: ReadableStream<Uint8Array>) {
  // The store takes whole files (S3 PUT with a signed hash): the zip is gathered first.
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  await fileStore().put(key, bytes);
  return { location: key, size: bytes.byteLength };
}

async function removeExportFile(location: string) {
  if (isFolderLocation(location)) await rm(location, { force: true });
  else await fileStore().delete(location);
}

/** Writes today's zip, records it, and prunes old exports. Returns the new FeedExport row. */
export async function exportBlmFeed(now = new Date()): Promise<FeedExport> {
  const feed = await loadBlmFeed(now);
  const fileName = `${feed.baseName}.zip`;
  const { stream, done } = blmZipStream(feed);
  const dir = exportDir();
  const written = dir
    ? await writeToFolder(dir, fileName, stream)
    : await writeToStore(storeKeyFor(feed.baseName), stream);
  const summary = await done;
  const row = await prisma.$transaction(async (tx) => {
    // A second export within the hour replaced the same file: the older row no longer describes it.
    await tx.feedExport.deleteMany({ where: { location: written.location } });
    return tx.feedExport.create({
      data: {
        fileName,
        location: written.location,
        propertyCount: summary.propertyCount,
        mediaCount: summary.mediaCount,
        byteSize: written.size,
        createdAt: now,
      },
    });
  });
  logger.info(
    {
      fileName,
      location: written.location,
      homes: summary.propertyCount,
      media: summary.mediaCount,
      missing: summary.missing.length,
    },
    "Rightmove BLM file written",
  );
  await pruneExports();
  return row;
}

/** Keeps the KEPT_EXPORTS newest exports; removes the older files, then their rows. */
export async function pruneExports(keep = KEPT_EXPORTS) {
  const old = await prisma.feedExport.findMany({
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: keep,
    select: { id: true, location: true },
  });
  for (const row of old) {
    try {
      await removeExportFile(row.location);
    } catch (error) {
      // Kept for the next run rather than forgotten while its file is still there.
      logger.warn({ err: error, location: row.location }, "could not remove an old BLM export");
      continue;
    }
    await prisma.feedExport.delete({ where: { id: row.id } });
  }
}
