// A backup archive: a tar file (tar-stream) whose first entry is manifest.json, then the database's tables
// (db/*.ndjson) and every stored file (files/<key>), encrypted with age (age-encryption) when the agency has
// given its public key. Written under a temporary name and renamed once whole, so a process killed mid-way
// leaves nothing that looks like a backup. Reading checks every entry against the manifest's SHA-256.
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open, rename, rm } from "node:fs/promises";
import path from "node:path";
import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";

import { Decrypter, Encrypter } from "age-encryption";
import tar from "tar-stream";
import { z } from "zod";

export const ARCHIVE_FORMAT = "movewise-backup";
export const ARCHIVE_FORMAT_VERSION = 1;

const Sha256 = z.string().regex(/^[0-9a-f]{64}$/);
/** Entry names are generated (db/<schema>.<table>.ndjson, files/<storage key>): nothing that climbs out of a folder. */
const EntryName = z
  .string()
  .regex(/^(db|files)\/[A-Za-z0-9_.\-/]+$/)
  .refine((name) => !name.split("/").includes(".."));

export const ManifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.number().int(),
  createdAt: z.string(),
  app: z.object({ version: z.string(), node: z.string() }),
  database: z.object({
    engine: z.enum(["pglite", "postgresql"]),
    serverVersion: z.string(),
    migrations: z.array(z.string()),
    lastMigration: z.string().nullable(),
    queueVersion: z.number().int().nullable(),
  }),
  tables: z.array(
    z.object({ name: z.string(), file: EntryName, rows: z.number().int(), bytes: z.number().int(), sha256: Sha256 }),
  ),
  sequences: z.array(z.object({ name: z.string(), value: z.number().nullable() })),
  files: z.array(z.object({ key: z.string(), file: EntryName, bytes: z.number().int(), sha256: Sha256 })),
});
export type Manifest = z.infer<typeof ManifestSchema>;

/** A backup that must not be restored, with the reason in words an operator can act on. */
export class ArchiveRefused extends Error {
  constructor(
    readonly reason: "damaged" | "foreign" | "key" | "newer",
    message: string,
  ) {
    super(message);
    this.name = "ArchiveRefused";
  }
}

const AGE_HEADER = "age-encryption.org/v1\n";

export async function sha256File(file: string) {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/**
 * Packs the manifest and the entries (files under `stagingDir`, named as in the manifest) into `target`,
 * encrypted to `recipients` (age public keys) when there are any. Written to `target`.partial and renamed, so
 * a backup cut short is never taken for a whole one.
 */
export async function writeArchive(options: {
  stagingDir: string;
  manifest: Manifest;
  target: string;
  recipients: string[];
  /** For tests: fails the write after this many entries. */
  failAfterEntries?: number;
}) {
  const { stagingDir, manifest, target, recipients } = options;
  const pack = tar.pack();
  const entries = [...manifest.tables.map((t) => ({ file: t.file, bytes: t.bytes })), ...manifest.files];
  const feed = (async () => {
    pack.entry({ name: "manifest.json" }, JSON.stringify(manifest, null, 2));
    let written = 0;
    for (const entry of entries) {
      if (options.failAfterEntries !== undefined && written++ >= options.failAfterEntries)
        throw new Error("backup interrupted (test)");
      const sink = pack.entry({ name: entry.file, size: entry.bytes });
      await pipeline(createReadStream(path.join(stagingDir, entry.file)), sink as unknown as Writable);
    }
    pack.finalize();
  })().catch((error: unknown) => {
    pack.destroy(error as Error);
    throw error;
  });
  let body = Readable.toWeb(Readable.from(pack)) as ReadableStream<Uint8Array>;
  if (recipients.length > 0) {
    const encrypter = new Encrypter();
    for (const recipient of recipients) encrypter.addRecipient(recipient);
    body = await encrypter.encrypt(body);
  }
  const partial = `${target}.partial`;
  await mkdir(path.dirname(target), { recursive: true });
  try {
    await Promise.all([
      feed,
      pipeline(Readable.fromWeb(body as unknown as WebReadableStream<Uint8Array>), createWriteStream(partial)),
    ]);
    // On disk before it gets its final name: a power cut after the rename must not leave a hollow archive.
    const handle = await open(partial, "r");
    await handle.sync().finally(() => handle.close());
    await rename(partial, target);
  } finally {
    await rm(partial, { force: true });
  }
}

/** Whether the archive is age-encrypted (read from its first bytes). */
async function isEncrypted(file: string) {
  const handle = await open(file, "r");
  try {
    const buffer = Buffer.alloc(AGE_HEADER.length);
    await handle.read(buffer, 0, buffer.length, 0);
    return buffer.toString("latin1") === AGE_HEADER;
  } finally {
    await handle.close();
  }
}

function describeDecryptError(error: unknown): ArchiveRefused {
  const message = error instanceof Error ? error.message : String(error);
  if (/no identity matched|incorrect passphrase/i.test(message))
    return new ArchiveRefused(
      "key",
      "This backup was encrypted for another key: give the age identity (AGE-SECRET-KEY-1…) that matches the BACKUP_RECIPIENTS it was made with.",
    );
  return new ArchiveRefused("damaged", `The backup is damaged: its encrypted data does not check out (${message}).`);
}

/**
 * Unpacks `archive` into `stagingDir`, checking the manifest comes first and every entry's size and SHA-256 against
 * it; throws ArchiveRefused (damaged, foreign, key) otherwise. Returns the manifest.
 */
export async function unpackArchive(archive: string, stagingDir: string, identities: string[]): Promise<Manifest> {
  let source: Readable = createReadStream(archive);
  const encrypted = await isEncrypted(archive);
  if (encrypted) {
    if (identities.length === 0)
      throw new ArchiveRefused(
        "key",
        "This backup is encrypted: give the agency's age identity (BACKUP_IDENTITY, or --identity <file>) to restore it.",
      );
    const decrypter = new Decrypter();
    for (const identity of identities) decrypter.addIdentity(identity);
    const decrypted = await decrypter
      .decrypt(Readable.toWeb(source) as ReadableStream<Uint8Array>)
      .catch((error: unknown) => {
        throw describeDecryptError(error);
      });
    source = Readable.fromWeb(decrypted as unknown as WebReadableStream<Uint8Array>);
  }
  const extract = tar.extract();
  let manifest: Manifest | undefined;
  const seen = new Map<string, string>();
  const expected = new Map<string, { bytes: number; sha256: string }>();
  const read = (async () => {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (!manifest) {
        if (name !== "manifest.json") throw notOurs();
        const chunks: Buffer[] = [];
        for await (const chunk of entry) chunks.push(chunk as Buffer);
        manifest = parseManifest(Buffer.concat(chunks).toString("utf8"));
        for (const t of manifest.tables) expected.set(t.file, t);
        for (const f of manifest.files) expected.set(f.file, f);
        continue;
      }
      const want = expected.get(name);
      if (!want || seen.has(name))
        throw new ArchiveRefused(
          "damaged",
          `The backup is damaged: it holds ${name}, which its manifest does not list.`,
        );
      const file = path.join(stagingDir, name);
      await mkdir(path.dirname(file), { recursive: true });
      const hash = createHash("sha256");
      await pipeline(
        entry as unknown as Readable,
        async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            hash.update(chunk);
            yield chunk;
          }
        },
        createWriteStream(file),
      );
      const digest = hash.digest("hex");
      if (digest !== want.sha256)
        throw new ArchiveRefused("damaged", `The backup is damaged: ${name} does not match its checksum.`);
      seen.set(name, digest);
    }
  })();
  try {
    await Promise.all([read, pipeline(source, extract)]);
  } catch (error) {
    if (error instanceof ArchiveRefused) throw error;
    const message = error instanceof Error ? error.message : String(error);
    if (/no identity matched|incorrect passphrase/i.test(message)) throw describeDecryptError(error);
    // Encrypted data that does not authenticate (age: "invalid tag"), a tar cut short, or a bad entry after the
    // manifest: damaged. Not a tar at all (tar-stream gives up on the first header): not ours.
    if (encrypted && !manifest)
      throw new ArchiveRefused(
        "damaged",
        `The backup is damaged: its encrypted data does not check out, so it was changed or cut short (${message}).`,
      );
    if (encrypted || manifest || /unexpected end/i.test(message))
      throw new ArchiveRefused("damaged", `The backup is damaged: ${message}.`);
    if (/header|tar/i.test(message)) throw notOurs();
    throw error;
  }
  if (!manifest) throw notOurs();
  const missing = [...expected.keys()].filter((name) => !seen.has(name));
  if (missing.length > 0)
    throw new ArchiveRefused(
      "damaged",
      `The backup is incomplete: ${missing.length} entr${missing.length === 1 ? "y is" : "ies are"} missing (${missing[0]}…).`,
    );
  return manifest;
}

const notOurs = () =>
  new ArchiveRefused("foreign", "This file is not a MoveWise backup (it has no MoveWise manifest).");

function parseManifest(text: string): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw notOurs();
  }
  if ((json as { format?: unknown } | null)?.format !== ARCHIVE_FORMAT) throw notOurs();
  const parsed = ManifestSchema.safeParse(json);
  if (!parsed.success) {
    const version = (json as { formatVersion?: unknown }).formatVersion;
    if (typeof version === "number" && version > ARCHIVE_FORMAT_VERSION)
      throw new ArchiveRefused(
        "newer",
        `This backup was made by a newer MoveWise (archive format ${version}): upgrade the code first.`,
      );
    throw new ArchiveRefused("damaged", "The backup's manifest is damaged.");
  }
  if (parsed.data.formatVersion > ARCHIVE_FORMAT_VERSION)
    throw new ArchiveRefused(
      "newer",
      `This backup was made by a newer MoveWise (archive format ${parsed.data.formatVersion}): upgrade the code first.`,
    );
  return parsed.data;
}
