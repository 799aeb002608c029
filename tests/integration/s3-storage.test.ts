// The S3 driver against a small fake S3 server on 127.0.0.1: every request must carry a valid AWS
// Signature V4 (re-computed here with the same secret) and, for PUT, a body matching its signed hash.
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

import { AwsV4Signer } from "aws4fetch";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";

import { prisma } from "../../app/lib/db.server";
import { reloadEnv } from "../../app/lib/env.server";
import { IMAGE_WIDTHS } from "../../app/modules/media/images";
import { getProjectMedia } from "../../app/modules/media/project-media.server";
import { mediaResponse } from "../../app/modules/media/serve.server";
import { fileStore } from "../../app/modules/media/storage.server";
import { deleteSectionMedia, uploadProjectMedia } from "../../app/modules/media/uploads.server";
import { variantKey } from "../../app/modules/media/variants.server";
import { storeProof } from "../../app/modules/offers/proof.server";
import { deleteAdminProject } from "../../app/modules/projects/admin-projects.server";
import { loader as imageVariantLoader } from "../../app/routes/img";
import { setupTestDatabase } from "../support/database";
import { account, projectOf } from "../support/payments";
import { jpegPhoto, pdfDocument } from "../support/upload-files";

setupTestDatabase();

const CREDENTIALS = { accessKeyId: "AKIDTEST", secretAccessKey: "test-secret-key-0123456789" };
const REGION = "eu-west-2";
const BUCKET = "movewise-test";

type Seen = {
  method: string;
  path: string;
  contentType: string | null;
  signatureValid: boolean;
  bodyHashValid: boolean;
};
const objects = new Map<string, { body: Buffer; contentType: string }>();
const seen: Seen[] = [];

async function readBody(req: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Signs the same request again with the known secret and compares the Authorization header. */
async function validSignature(req: IncomingMessage, url: string) {
  const authorization = req.headers.authorization ?? "";
  const signed = /SignedHeaders=([^,]+)/.exec(authorization)?.[1]?.split(";") ?? [];
  const headers = new Headers();
  for (const name of signed) if (name !== "host") headers.set(name, String(req.headers[name]));
  const signer = new AwsV4Signer({
    ...CREDENTIALS,
    method: req.method,
    url,
    headers,
    service: "s3",
    region: REGION,
    datetime: String(req.headers["x-amz-date"]),
  });
  const expected = (await signer.sign()).headers.get("authorization");
  return (
    authorization.startsWith(`AWS4-HMAC-SHA256 Credential=${CREDENTIALS.accessKeyId}/`) &&
    authorization.includes(`/${REGION}/s3/aws4_request`) &&
    authorization === expected
  );
}

const server = createServer(async (req, res) => {
  const url = `http://${req.headers.host}${req.url}`;
  const body = await readBody(req);
  const signatureValid = await validSignature(req, url);
  const hash = String(req.headers["x-amz-content-sha256"]);
  const bodyHashValid = hash === "UNSIGNED-PAYLOAD" || hash === createHash("sha256").update(body).digest("hex");
  const path = decodeURIComponent(new URL(url).pathname);
  seen.push({
    method: req.method!,
    path,
    contentType: req.headers["content-type"] ?? null,
    signatureValid,
    bodyHashValid,
  });
  if (!signatureValid || !bodyHashValid)
    return void res.writeHead(403).end("<Error><Code>SignatureDoesNotMatch</Code></Error>");
  const query = new URL(url).searchParams;
  if (req.method === "GET" && (path === `/${BUCKET}` || path === `/${BUCKET}/`) && query.get("list-type") === "2") {
    // ListObjectsV2, two keys a page, so that following the continuation token is tested too.
    const keys = [...objects.keys()].sort();
    const start = Number(query.get("continuation-token") ?? 0);
    const page = keys.slice(start, start + 2);
    const more = start + 2 < keys.length;
    return void res
      .writeHead(200, { "Content-Type": "application/xml" })
      .end(
        `<ListBucketResult>${page.map((k) => `<Contents><Key>${k.replaceAll("&", "&amp;")}</Key></Contents>`).join("")}<IsTruncated>${more}</IsTruncated>${more ? `<NextContinuationToken>${start + 2}</NextContinuationToken>` : ""}</ListBucketResult>`,
      );
  }
  const key = path.replace(`/${BUCKET}/`, "");
  if (req.method === "PUT") {
    objects.set(key, { body, contentType: String(req.headers["content-type"]) });
    return void res.writeHead(200, { ETag: '"x"' }).end();
  }
  const object = objects.get(key);
  if (req.method === "GET" || req.method === "HEAD") {
    if (!object)
      return void res.writeHead(404).end(req.method === "GET" ? "<Error><Code>NoSuchKey</Code></Error>" : undefined);
    return void res
      .writeHead(200, { "Content-Type": object.contentType, "Content-Length": object.body.length })
      .end(req.method === "GET" ? object.body : undefined);
  }
  if (req.method === "DELETE") {
    objects.delete(key);
    return void res.writeHead(204).end();
  }
  res.writeHead(405).end();
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  Object.assign(process.env, {
    S3_ENDPOINT: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    S3_BUCKET: BUCKET,
    S3_REGION: REGION,
    S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
  });
  reloadEnv();
});

afterAll(async () => {
  for (const name of ["S3_ENDPOINT", "S3_BUCKET", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"])
    delete process.env[name];
  reloadEnv();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  objects.clear();
  seen.length = 0;
});

function uploadRequest(section: string, name: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append("files", new File([new Uint8Array(bytes)], name));
  return new Request(`http://localhost/api/v1/admin/projects/1/upload?section=${section}`, {
    method: "PUT",
    body: form,
  });
}

describe("S3-compatible storage", () => {
  test("uploads PUT signed objects to the bucket; /media and /img read them back; deletes DELETE them", async () => {
    const admin = await account("admin");
    const project = await projectOf(null);
    await uploadProjectMedia(uploadRequest("images", "front.jpg", await jpegPhoto(1000, 750)), project.id, {
      userId: admin.id,
    });
    await uploadProjectMedia(uploadRequest("documents", "EPC.pdf", pdfDocument()), project.id, { userId: admin.id });
    const media = await getProjectMedia(project.id);
    const imageKey = media.images[0]!.url.replace("/media/", "");
    const documentKey = media.documents[0]!.url.replace("/media/", "");

    expect(seen).toEqual([
      {
        method: "PUT",
        path: `/${BUCKET}/${imageKey}`,
        contentType: "image/webp",
        signatureValid: true,
        bodyHashValid: true,
      },
      {
        method: "PUT",
        path: `/${BUCKET}/${documentKey}`,
        contentType: "application/pdf",
        signatureValid: true,
        bodyHashValid: true,
      },
    ]);
    expect(objects.get(documentKey)!.body.equals(pdfDocument())).toBe(true);

    const served = await mediaResponse(documentKey);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Disposition")).toContain('filename="EPC.pdf"');
    expect(Buffer.from(await served.arrayBuffer()).equals(pdfDocument())).toBe(true);
    expect((await mediaResponse("images/ffffffffffffffffffffffff.webp")).status).toBe(404);

    const resized = () =>
      imageVariantLoader({
        request: new Request("http://localhost/"),
        params: { width: "320", "*": imageKey },
        context: {},
      } as never) as Promise<Response>;
    const variant = await resized();
    expect(variant.status).toBe(200);
    expect(variant.headers.get("Content-Type")).toBe("image/webp");
    // The resized copy is kept in the bucket, where every app process finds it.
    expect(objects.get(variantKey(imageKey, 320))?.contentType).toBe("image/webp");

    await deleteSectionMedia(project.id, "images", { userId: admin.id });
    // The photo first, then its copies at every width (at once, in any order).
    const [first, ...copies] = seen.filter((r) => r.method === "DELETE").map((r) => r.path);
    expect(first).toBe(`/${BUCKET}/${imageKey}`);
    expect(copies.sort()).toEqual(IMAGE_WIDTHS.map((width) => `/${BUCKET}/${variantKey(imageKey, width)}`).sort());
    expect(objects.has(imageKey)).toBe(false);
    expect(objects.has(variantKey(imageKey, 320))).toBe(false);
    expect((await resized()).status).toBe(404);
    expect(seen.every((r) => r.signatureValid)).toBe(true);
  });

  test("deleting a home deletes its buyers' proofs of funds from the bucket", async () => {
    const admin = await account("admin");
    const project = await projectOf(null);
    const stored = await storeProof({ name: "statement.pdf", bytes: pdfDocument() });
    const buyer = await prisma.user.create({
      data: { email: "proof-buyer@example.com", fullName: "Bea Buyer", passwordHash: "x", role: "buyer" },
    });
    await prisma.offer.create({
      data: {
        projectId: project.id,
        buyerId: buyer.id,
        buyerName: "Bea Buyer",
        buyerEmail: buyer.email,
        amount: 300_000,
        position: "cash",
        mortgageInPrinciple: false,
        status: "withdrawn",
        proofKey: stored.key,
      },
    });
    expect(objects.has(stored.key)).toBe(true);
    await deleteAdminProject({ actor: { id: admin.id, ipAddress: "203.0.113.5" }, id: project.id });
    expect(seen.filter((r) => r.method === "DELETE").map((r) => r.path)).toContain(`/${BUCKET}/${stored.key}`);
    expect(objects.has(stored.key)).toBe(false);
  });

  test("a bucket that refuses the write leaves no rows (and the driver says why)", async () => {
    const admin = await account("admin");
    const project = await projectOf(null);
    process.env.S3_SECRET_ACCESS_KEY = "a-wrong-secret";
    reloadEnv();
    try {
      await expect(
        uploadProjectMedia(uploadRequest("documents", "EPC.pdf", pdfDocument()), project.id, { userId: admin.id }),
      ).rejects.toThrow(/S3 PUT documents\/\w+\.pdf failed with 403/);
      expect(seen.every((r) => !r.signatureValid)).toBe(true);
      expect((await getProjectMedia(project.id)).documents).toEqual([]);
    } finally {
      process.env.S3_SECRET_ACCESS_KEY = CREDENTIALS.secretAccessKey;
      reloadEnv();
    }
    expect(objects.size).toBe(0);
    await fileStore().delete("documents/0123.pdf"); // deleting a missing object is fine
  });
});

test("the bucket lists every key, page after page (what a backup copies)", async () => {
  const store = fileStore();
  const keys = [
    "images/a1.jpg",
    "images/b2.jpg",
    "private/proofs/c3.pdf",
    "variants/640/images/a1.webp",
    "docs/d4.pdf",
  ];
  for (const key of keys) await store.put(key, new Uint8Array([1, 2, 3]));
  const listed: string[] = [];
  for await (const key of store.list()) listed.push(key);
  expect(listed.sort()).toEqual([...keys].sort());
  expect(seen.filter((r) => r.method === "GET").every((r) => r.signatureValid)).toBe(true);
});
