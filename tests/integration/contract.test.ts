import { createHash } from "node:crypto";

import sharp from "sharp";
import { describe, expect, test } from "vitest";

import { prisma } from "../../app/lib/db.server";
import { createUserSession } from "../../app/modules/auth/session.server";
import { contractText } from "../../app/modules/projects/contract";
import { getVendorContract } from "../../app/modules/projects/contract.server";
import * as contractApi from "../../app/routes/api.v1.vendor.bookings.$id.contract";
import * as signRoute from "../../app/routes/sign-contract";
import * as pdfRoute from "../../app/routes/sign-contract.pdf";
import { type Seller, vendorWithProject } from "../support/contracts";
import { NOT_ZLIB_PNG } from "../support/crafted-images";
import { setupTestDatabase } from "../support/database";
import { sendQueuedMail, setupSmtpServer, textOf } from "../support/smtp";

setupTestDatabase();
const inbox = setupSmtpServer();

const context = { clientIp: "203.0.113.5" };
const userAgent = "Mozilla/5.0 (X11; Linux x86_64) TestBrowser/1.0";

function sign(seller: Pick<Seller, "cookie" | "id">, fields: Record<string, string | Blob>, id = seller.id) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const request = new Request(`http://localhost/sign-contract/${id}`, {
    method: "POST",
    body,
    headers: { Cookie: seller.cookie, "User-Agent": userAgent },
  });
  return signRoute.action({ request, params: { projectId: String(id) }, context } as never);
}

type Reply = { data: { result: { error: Record<string, string[]> } | null }; init: ResponseInit };

const png = () =>
  sharp({ create: { width: 300, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .png()
    .toBuffer();
const jpeg = () =>
  sharp({ create: { width: 300, height: 100, channels: 3, background: { r: 255, g: 255, b: 255 } } })
    .jpeg()
    .toBuffer();

async function pdfOf(seller: Pick<Seller, "cookie" | "id">) {
  return pdfRoute.loader({
    request: new Request(`http://localhost/sign-contract/${seller.id}/contract.pdf`, {
      headers: { Cookie: seller.cookie },
    }),
    params: { projectId: String(seller.id) },
    context,
  } as never);
}

describe("the contract", () => {
  test("is generated from the project: parties, property, package price with VAT, the 14-day cancellation right and early start", async () => {
    const seller = await vendorWithProject();
    const { contract } = (await getVendorContract(seller.user.id, seller.id))!;
    const text = contractText(contract);
    expect(contract.reference).toBe(`MW-${String(seller.id).padStart(6, "0")}`);
    for (const fact of [
      seller.user.fullName,
      seller.user.email,
      "MoveWise Ltd",
      "Address: 12 Granby Street, Leicester",
      "Type: Terraced, 3 bedrooms",
      "£250,000",
      "1 December 2026",
      "£1,794.00 including VAT (£1,495.00 plus VAT at 20%, £299.00)",
      "right to cancel it within 14 days",
      "Model cancellation form",
      "only if you expressly ask us to",
    ]) {
      expect(text).toContain(fact);
    }
  });

  test("another vendor can neither see it, download it, nor sign it", async () => {
    const ann = await vendorWithProject();
    const bob = await vendorWithProject();
    expect(await getVendorContract(bob.user.id, ann.id)).toBeNull();
    const page = await signRoute
      .loader({
        request: new Request(`http://localhost/sign-contract/${ann.id}`, { headers: { Cookie: bob.cookie } }),
        params: { projectId: String(ann.id) },
        context,
      } as never)
      .catch((e: unknown) => e);
    expect((page as { init: ResponseInit }).init.status).toBe(404);
    const pdf = await pdfOf({ cookie: bob.cookie, id: ann.id }).catch((e: unknown) => e);
    expect((pdf as { init: ResponseInit }).init.status).toBe(404);
    const signing = await sign(
      { cookie: bob.cookie, id: ann.id },
      { signer_name: "Bob", agree: "on", contract_hash: ann.hash },
    ).catch((e: unknown) => e);
    expect((signing as { init: ResponseInit }).init.status).toBe(404);
    expect((await prisma.project.findUniqueOrThrow({ where: { id: ann.id } })).contractSignedAt).toBeNull();
  });

  test("downloads as a draft PDF before signing", async () => {
    const seller = await vendorWithProject();
    const response = await pdfOf(seller);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="movewise-contract-${seller.id}-draft.pdf"`,
    );
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(bytes.toString("latin1")).toContain("Draft agreement, not signed");
  });
});

describe("signing", () => {
  test("a typed name signs: signer, time, IP, browser and the hash of the terms are kept; the signed PDF is emailed and downloadable", async () => {
    const seller = await vendorWithProject();
    const response = (await sign(seller, {
      signer_name: "Ann Seller",
      agree: "on",
      start_early: "on",
      contract_hash: seller.hash,
    })) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/payment/${seller.id}`);

    const stored = await prisma.project.findUniqueOrThrow({ where: { id: seller.id } });
    expect(stored).toMatchObject({
      contractSignerName: "Ann Seller",
      contractSignerIp: "203.0.113.5",
      contractSignerUserAgent: userAgent,
      contractSignature: null,
      contractStartEarly: true,
      contractTextHash: seller.hash,
    });
    expect(Date.now() - stored.contractSignedAt!.getTime()).toBeLessThan(60_000);
    // The stored terms reproduce the signed text exactly.
    const terms = stored.contractTerms as Parameters<typeof contractText>[0];
    expect(createHash("sha256").update(contractText(terms)).digest("hex")).toBe(seller.hash);
    expect(await prisma.auditEvent.findFirst({ where: { action: "project.sign_contract" } })).toMatchObject({
      actorId: seller.user.id,
      entityId: String(seller.id),
    });

    await sendQueuedMail();
    expect(inbox.map((m) => m.to).sort()).toEqual([["office@movewise.example"], [seller.user.email]].sort());
    const toSeller = inbox.find((m) => m.to[0] === seller.user.email)!;
    expect(textOf(toSeller)).toContain("Your signed agreement is attached");
    expect(toSeller.raw).toContain(`filename=movewise-contract-${seller.id}-signed.pdf`);

    const pdf = await pdfOf(seller);
    expect(pdf.headers.get("Content-Disposition")).toContain("-signed.pdf");
    expect(Buffer.from(await pdf.arrayBuffer()).toString("latin1")).toContain("Signed agreement");

    // Later edits to the project do not change what was signed.
    await prisma.project.update({ where: { id: seller.id }, data: { price: 1 } });
    expect((await getVendorContract(seller.user.id, seller.id))!.hash).toBe(seller.hash);
  });

  test("a drawn PNG or an uploaded JPEG is stored as the PNG sharp draws from it, and the PDF embeds it", async () => {
    const drawn = await vendorWithProject();
    const dataUrl = `data:image/png;base64,${(await png()).toString("base64")}`;
    await sign(drawn, { signer_name: "Ann Seller", agree: "on", signature: dataUrl, contract_hash: drawn.hash });
    const stored = (await prisma.project.findUniqueOrThrow({ where: { id: drawn.id } })).contractSignature!;
    expect(stored).toMatch(/^data:image\/png;base64,/);
    expect(await sharp(Buffer.from(stored.split(",")[1]!, "base64")).metadata()).toMatchObject({
      format: "png",
      width: 300,
      height: 100,
      hasAlpha: false,
    });

    const uploaded = await vendorWithProject();
    const file = new File([new Uint8Array(await jpeg())], "signature.png", { type: "image/png" });
    await sign(uploaded, {
      signer_name: "Ann Seller",
      agree: "on",
      signature_file: file,
      contract_hash: uploaded.hash,
    });
    expect((await prisma.project.findUniqueOrThrow({ where: { id: uploaded.id } })).contractSignature).toMatch(
      /^data:image\/png;base64,iVBORw0KGgo/,
    );
    const pdf = Buffer.from(await (await pdfOf(uploaded)).arrayBuffer());
    expect(pdf.toString("latin1")).toContain("/Subtype /Image");
  });

  test("refuses what is not a PNG or JPEG, images over 1 MB, a missing consent and a changed contract, keeping the project unsigned", async () => {
    const seller = await vendorWithProject();
    const fake = `data:image/png;base64,${Buffer.from("<svg onload=alert(1)>").toString("base64")}`;
    const notImage = (await sign(seller, {
      signer_name: "Ann Seller",
      agree: "on",
      signature: fake,
      contract_hash: seller.hash,
    })) as Reply;
    expect(notImage.init.status).toBe(400);
    expect(notImage.data.result!.error.signature).toEqual(["The signature must be a PNG or JPEG image."]);

    const svgFile = new File(["<svg xmlns='http://www.w3.org/2000/svg'/>"], "sig.png", { type: "image/png" });
    const svg = (await sign(seller, {
      signer_name: "Ann Seller",
      agree: "on",
      signature_file: svgFile,
      contract_hash: seller.hash,
    })) as Reply;
    expect(svg.data.result!.error.signature_file).toEqual(["The signature must be a PNG or JPEG image."]);

    const big = new Uint8Array(1024 * 1024 + 1);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const tooBig = (await sign(seller, {
      signer_name: "Ann Seller",
      agree: "on",
      signature_file: new File([big], "sig.png"),
      contract_hash: seller.hash,
    })) as Reply;
    expect(tooBig.data.result!.error.signature_file).toEqual([
      "The signature image is larger than 1 MB. Use a smaller image.",
    ]);

    const huge = (await sign(seller, {
      signer_name: "Ann Seller",
      agree: "on",
      signature_file: new File([new Uint8Array(4 * 1024 * 1024)], "sig.png"),
      contract_hash: seller.hash,
    })) as Reply;
    expect(huge.init.status).toBe(413);

    const noConsent = (await sign(seller, { signer_name: "", contract_hash: seller.hash })) as Reply;
    expect(noConsent.data.result!.error).toMatchObject({
      signer_name: ["Type your full name to sign."],
      agree: ["Tick the box to confirm that you agree to the contract."],
    });

    const changed = (await sign(seller, {
      signer_name: "Ann Seller",
      agree: "on",
      contract_hash: "0".repeat(64),
    })) as Reply;
    expect(changed.init.status).toBe(409);
    expect((await prisma.project.findUniqueOrThrow({ where: { id: seller.id } })).contractSignedAt).toBeNull();
  });

  test("signs once: a second signature is refused", async () => {
    const seller = await vendorWithProject();
    await sign(seller, { signer_name: "Ann Seller", agree: "on", contract_hash: seller.hash });
    const again = (await sign(seller, {
      signer_name: "Someone Else",
      agree: "on",
      contract_hash: seller.hash,
    })) as Reply;
    expect(again.init.status).toBe(409);
    expect((await prisma.project.findUniqueOrThrow({ where: { id: seller.id } })).contractSignerName).toBe(
      "Ann Seller",
    );
  });
});

describe("through the API (/api/v1/vendor/bookings/{id}/contract)", () => {
  const api = (
    seller: Pick<Seller, "cookie" | "id">,
    init: { method?: string; json?: unknown; body?: string; contentType?: string } = {},
  ) => {
    const headers = new Headers({ Cookie: seller.cookie, "User-Agent": "contract-client/1.0" });
    if (init.json !== undefined || init.contentType)
      headers.set("Content-Type", init.contentType ?? "application/json");
    const request = new Request(`http://localhost/api/v1/vendor/bookings/${seller.id}/contract`, {
      method: init.method ?? (init.json !== undefined || init.body ? "POST" : "GET"),
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    });
    const args = { request, params: { id: String(seller.id) }, context } as never;
    return (request.method === "GET" ? contractApi.loader(args) : contractApi.action(args)) as Promise<Response>;
  };
  const signing = (hash: string, more: Record<string, unknown> = {}) => ({
    signer_name: "Ann Seller",
    agree: true,
    start_early: false,
    contract_hash: hash,
    ...more,
  });

  test("GET gives the terms as text and HTML, the package and price, the cancellation notice, the hash and the PDF's address", async () => {
    const seller = await vendorWithProject();
    const response = await api(seller);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      booking_id: seller.id,
      reference: `MW-${String(seller.id).padStart(6, "0")}`,
      package: {
        name: "MoveWise fixed-fee selling package",
        net_pence: 149_500,
        vat_pence: 29_900,
        total_pence: 179_400,
        currency: "gbp",
        total: "£1,794.00",
      },
      cancellation: { days: 14, notice: expect.stringContaining("within 14 days of signing") },
      contract_hash: seller.hash,
      signed: false,
      signed_at: null,
      signed_by: null,
      signature: null,
      start_early: null,
      paid: false,
      pdf_url: `http://localhost:3000/sign-contract/${seller.id}/contract.pdf`,
    });
    expect(createHash("sha256").update(body.terms_text).digest("hex")).toBe(seller.hash);
    expect(body.terms_html).toContain("<h2>5. Your right to cancel within 14 days</h2>");
    expect(body.terms_html).not.toMatch(/<script|style=|class=/);
  });

  test("the terms' HTML escapes what the vendor typed", async () => {
    const seller = await vendorWithProject();
    await prisma.project.update({ where: { id: seller.id }, data: { address: `<img src=x onerror="alert(1)"> Road` } });
    const { terms_html: html } = await (await api(seller)).json();
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; Road");
    expect(html).not.toContain("<img");
  });

  test("POST signs as the page does: 201 with the signed state, the same record, audit entry and emails", async () => {
    const seller = await vendorWithProject();
    const image = `data:image/png;base64,${(await png()).toString("base64")}`;
    const response = await api(seller, { json: signing(seller.hash, { start_early: true, signature: image }) });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({
      message: "Contract signed. A copy is on its way to your inbox.",
      signed: true,
      signed_by: "Ann Seller",
      signature: "image",
      start_early: true,
      contract_hash: seller.hash,
    });
    expect(Date.now() - new Date(body.signed_at).getTime()).toBeLessThan(60_000);

    expect(await prisma.project.findUniqueOrThrow({ where: { id: seller.id } })).toMatchObject({
      contractSignerName: "Ann Seller",
      contractSignerIp: "203.0.113.5",
      contractSignerUserAgent: "contract-client/1.0",
      contractSignature: expect.stringMatching(/^data:image\/png;base64,/),
      contractStartEarly: true,
      contractTextHash: seller.hash,
    });
    expect(await prisma.auditEvent.findFirst({ where: { action: "project.sign_contract" } })).toMatchObject({
      actorId: seller.user.id,
      entityId: String(seller.id),
    });
    await sendQueuedMail();
    expect(inbox.map((m) => m.to).sort()).toEqual([["office@movewise.example"], [seller.user.email]].sort());
    expect(inbox.find((m) => m.to[0] === seller.user.email)!.raw).toContain(
      `filename=movewise-contract-${seller.id}-signed.pdf`,
    );
    // The page sees the same signature.
    expect((await getVendorContract(seller.user.id, seller.id))!.signed).toMatchObject({
      signerName: "Ann Seller",
      startEarly: true,
    });
    expect(await (await api(seller)).json()).toMatchObject({ signed: true, signature: "image" });
  });

  test("POST refuses: 409 once signed or when the hash is stale, 400 with field errors otherwise; the contract stays as it was", async () => {
    const seller = await vendorWithProject();
    const stale = await api(seller, { json: signing("0".repeat(64)) });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({
      message: "The contract has changed since you opened it. Please read it again, then sign.",
    });

    const noConsent = await api(seller, { json: signing(seller.hash, { agree: false, signer_name: "" }) });
    expect(noConsent.status).toBe(400);
    expect((await noConsent.json()).errors).toMatchObject({
      agree: ["Tick the box to confirm that you agree to the contract."],
      signer_name: ["Type your full name to sign."],
    });
    const badImage = await api(seller, {
      json: signing(seller.hash, { signature: `data:image/png;base64,${NOT_ZLIB_PNG.toString("base64")}` }),
    });
    expect(badImage.status).toBe(400);
    expect(await badImage.json()).toEqual({
      message: "The signature image could not be read. Try another PNG or JPEG file.",
      errors: { signature: ["The signature image could not be read. Try another PNG or JPEG file."] },
    });
    expect(
      (await api(seller, { body: "signer_name=Ann", contentType: "application/x-www-form-urlencoded" })).status,
    ).toBe(415);
    expect((await api(seller, { method: "PUT", json: {} })).status).toBe(405);
    expect((await prisma.project.findUniqueOrThrow({ where: { id: seller.id } })).contractSignedAt).toBeNull();
    await sendQueuedMail();
    expect(inbox).toEqual([]);

    expect((await api(seller, { json: signing(seller.hash) })).status).toBe(201);
    const again = await api(seller, { json: signing(seller.hash, { signer_name: "Someone Else" }) });
    expect(again.status).toBe(409);
    expect((await prisma.project.findUniqueOrThrow({ where: { id: seller.id } })).contractSignerName).toBe(
      "Ann Seller",
    );
  });

  test("another vendor gets 404, an admin 403, and a visitor 401", async () => {
    const ann = await vendorWithProject();
    const bob = await vendorWithProject();
    expect((await api({ cookie: bob.cookie, id: ann.id })).status).toBe(404);
    expect((await api({ cookie: bob.cookie, id: ann.id }, { json: signing(ann.hash) })).status).toBe(404);
    expect((await api({ cookie: "", id: ann.id })).status).toBe(401);
    const admin = await prisma.user.create({
      data: {
        email: "admin-contract@example.com",
        fullName: "Ada Admin",
        phoneNumber: "07700 900000",
        passwordHash: "x",
        role: "admin",
      },
    });
    const adminCookie = (await createUserSession(admin.id, { persistent: false })).split(";")[0]!;
    expect((await api({ cookie: adminCookie, id: ann.id })).status).toBe(403);
    expect((await prisma.project.findUniqueOrThrow({ where: { id: ann.id } })).contractSignedAt).toBeNull();
  });
});
