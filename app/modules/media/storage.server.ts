// Where uploaded and seeded files live: DATA_DIR/uploads/<key> on local disk by default, or an
// S3-compatible bucket when S3_BUCKET is set. Either way they are served at /media/<key> and resized at
// /img/<width>/<key> through the same FileStore (the resized copies are kept in it too: variants.server.ts). Keys are generated, never taken from a user's file name,
// and never reused, so a key's bytes never change.
import { createHash, randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";

import { AwsClient } from "aws4fetch";

import { type Env, getEnv } from "../../lib/env.server";

const KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.[a-z0-9]+$/;

const CONTENT_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

/** The content type a key is served with, from its (generated) extension. */
export function contentTypeFor(key: string) {
  return CONTENT_TYPES[key.slice(key.lastIndexOf(".") + 1)] ?? "application/octet-stream";
}

export function uploadsDir(dataDir = getEnv().DATA_DIR) {
  return path.join(dataDir, "uploads");
}

export function newStorageKey(folder: string, extension: string) {
  return `${folder}/${randomBytes(12).toString("hex")}.${extension.toLowerCase()}`;
}

/** Whether `key` has the shape of a generated key (no "..", no leading slash), so it is safe in a file path or URL. */
export const isStorageKey = (key: string) => KEY.test(key);

function checkedKey(key: string) {
  if (!isStorageKey(key)) throw new Error(`Invalid storage key: ${key}`);
  return key;
}

export function fileFor(key: string, dataDir?: string) {
  return path.join(uploadsDir(dataDir), checkedKey(key));
}

export type StoredObject = { body: ReadableStream<Uint8Array>; size: number | null };

/** The one interface uploads, /media and the /img variants use, whatever holds the files. */
export interface FileStore {
  put(key: string, data: Uint8Array): Promise<void>;
  /** The whole file, or null when there is none. */
  get(key: string): Promise<Uint8Array | null>;
  /** The file as a stream (for serving), or null when there is none. */
  stream(key: string): Promise<StoredObject | null>;
  /** Whether the file is there, without reading it. */
  exists(key: string): Promise<boolean>;
  /** Removes the file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Every key the store holds (for backups), in no particular order. */
  list(): AsyncIterable<string>;
}

export function localStore(dataDir: string): FileStore {
  return {
    async put(key, data) {
      const file = fileFor(key, dataDir);
      await mkdir(path.dirname(file), { recursive: true });
      // Written under a temporary name and renamed, so a reader never sees half a file.
      const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
      try {
        await writeFile(temporary, data);
        await rename(temporary, file);
      } finally {
        await rm(temporary, { force: true });
      }
    },
    async get(key) {
      return readFile(fileFor(key, dataDir)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT" || error.code === "EISDIR") return null;
        throw error;
      });
    },
    async stream(key) {
      const file = fileFor(key, dataDir);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      return { body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>, size: info.size };
    },
    async exists(key) {
      return (await stat(fileFor(key, dataDir)).catch(() => null))?.isFile() ?? false;
    },
    async delete(key) {
      await rm(fileFor(key, dataDir), { force: true });
    },
    async *list() {
      const root = uploadsDir(dataDir);
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code === "ENOENT") return [];
          throw error;
        },
      );
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const key = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
        // Half-written files (put's temporary names) and anything not made by the app are left out.
        if (isStorageKey(key)) yield key;
      }
    },
  };
}

export type S3Settings = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

/** An S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, …), path-style URLs, requests signed with SigV4. */
export function s3Store(settings: S3Settings): FileStore {
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    region: settings.region,
    service: "s3",
    retries: 2,
  });
  const base = `${settings.endpoint.replace(/\/+$/, "")}/${encodeURIComponent(settings.bucket)}`;
  const url = (key: string) => `${base}/${checkedKey(key)}`;
  const failed = async (what: string, key: string, response: Response) => {
    const detail = (await response.text().catch(() => "")).slice(0, 300);
    return new Error(`S3 ${what} ${key} failed with ${response.status}: ${detail}`);
  };
  return {
    async put(key, data) {
      const response = await client.fetch(url(key), {
        method: "PUT",
        body: data as Uint8Array<ArrayBuffer>,
        // A signed hash of the body: the bucket refuses bytes that changed on the way.
        headers: {
          "Content-Type": contentTypeFor(key),
          "Cache-Control": "public, max-age=31536000, immutable",
          "X-Amz-Content-Sha256": createHash("sha256").update(data).digest("hex"),
        },
      });
      if (!response.ok) throw await failed("PUT", key, response);
      await response.body?.cancel();
    },
    async get(key) {
      const object = await this.stream(key);
      return object ? new Uint8Array(await new Response(object.body).arrayBuffer()) : null;
    },
    async stream(key) {
      const response = await client.fetch(url(key), { method: "GET" });
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok || !response.body) throw await failed("GET", key, response);
      const length = response.headers.get("Content-Length");
      return { body: response.body, size: length ? Number(length) : null };
    },
    async exists(key) {
      const response = await client.fetch(url(key), { method: "HEAD" });
      if (response.status === 404) return false;
      if (!response.ok) throw await failed("HEAD", key, response);
      return true;
    },
    async delete(key) {
      const response = await client.fetch(url(key), { method: "DELETE" });
      if (!response.ok && response.status !== 404) throw await failed("DELETE", key, response);
      await response.body?.cancel();
    },
    async *list() {
      let token: string | undefined;
      do {
        const query = new URLSearchParams({ "list-type": "2", ...(token ? { "continuation-token": token } : {}) });
        const response = await client.fetch(`${base}?${query}`, { method: "GET" });
        if (!response.ok) throw await failed("LIST", "", response);
        const xml = await response.text();
        for (const [, key] of xml.matchAll(/<Key>([^<]*)<\/Key>/g)) {
          const decoded = decodeXml(key!);
          if (isStorageKey(decoded)) yield decoded;
        }
        token = /<IsTruncated>true<\/IsTruncated>/.test(xml)
          ? decodeXml(/<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1] ?? "")
          : undefined;
      } while (token);
    },
  };
}

const XML_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const decodeXml = (text: string) => text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => XML_ENTITIES[name]!);

function s3SettingsOf(env: Env): S3Settings | null {
  if (!env.S3_BUCKET || !env.S3_ENDPOINT || !env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY) return null;
  return {
    endpoint: env.S3_ENDPOINT,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
  };
}

const stores = new WeakMap<Env, FileStore>();

/** The store this process's settings choose: the S3 bucket when configured, otherwise DATA_DIR/uploads. */
export function fileStore(): FileStore {
  const env = getEnv();
  let store = stores.get(env);
  if (!store) {
    const s3 = s3SettingsOf(env);
    store = s3 ? s3Store(s3) : localStore(env.DATA_DIR);
    stores.set(env, store);
  }
  return store;
}

/** The seed and a restore pass their data directory; with a bucket configured the bucket wins, as for every other file. */
export const storeFor = (dataDir?: string) => (dataDir && !s3SettingsOf(getEnv()) ? localStore(dataDir) : fileStore());

export async function saveFile(key: string, data: Uint8Array, dataDir?: string) {
  await storeFor(dataDir).put(key, data);
}

/** Deletes one stored file only; app code deletes media with deleteMedia() (variants.server.ts), which takes the resized copies too. */
export async function deleteFile(key: string, dataDir?: string) {
  await storeFor(dataDir).delete(key);
}

export const mediaUrl = (key: string) => `/media/${key}`;
