// The contract as an A4 PDF (pdfkit, in memory): the terms, then either an empty signature box (a draft)
// or the signature with its evidence (who, when, from where, and the hash of the signed text).
import PDFDocument from "pdfkit";

import type { Contract } from "./contract";
import { signatureForPdf } from "./signature-image.server";

export type SignatureRecord = {
  signerName: string;
  signedAt: Date;
  ipAddress: string | null;
  userAgent: string | null;
  textHash: string;
  startEarly: boolean;
  /** A PNG or JPEG data URL as stored; null for a typed-name signature. */
  image: string | null;
};

const signedAtText = (date: Date) =>
  new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeStyle: "long", timeZone: "Europe/London" }).format(date);

const INK = "#0f172a";
const MUTED = "#475569";
const ACCENT = "#047857";

export async function contractPdf(contract: Contract, signature: SignatureRecord | null): Promise<Buffer> {
  // Only sharp's re-encoding of the stored image reaches pdfkit (see signature-image.server.ts).
  const image = signature?.image ? await signatureForPdf(signature.image) : null;
  const doc = new PDFDocument({
    size: "A4",
    margin: 56,
    bufferPages: true,
    info: {
      Title: `${contract.title} (${contract.reference})`,
      Author: "MoveWise Ltd",
      Subject: signature ? "Signed agreement" : "Draft agreement, not signed",
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc.font("Helvetica-Bold").fontSize(13).fillColor(ACCENT).text("MoveWise", left, 48);
  doc.font("Helvetica-Bold").fontSize(18).fillColor(INK).text(contract.title, left, 72, { width });
  doc
    .moveDown(0.3)
    .font("Helvetica")
    .fontSize(10)
    .fillColor(MUTED)
    .text(`Reference ${contract.reference}${signature ? "" : "  ·  Draft: not signed yet"}`);
  doc.moveDown(1);

  for (const section of contract.sections) {
    // A heading never ends a page: it moves on with the text under it.
    if (doc.y > doc.page.height - doc.page.margins.bottom - 90) doc.addPage();
    doc.font("Helvetica-Bold").fontSize(11.5).fillColor(INK).text(section.heading, left, doc.y, { width });
    doc.moveDown(0.3);
    for (const block of section.body) {
      if (typeof block === "string") {
        doc.font("Helvetica").fontSize(10).fillColor(INK).text(block, left, doc.y, { width, lineGap: 2 });
      } else {
        for (const item of block) {
          const top = doc.y;
          doc
            .font("Helvetica")
            .fontSize(10)
            .fillColor(INK)
            .text("•", left + 6, top);
          doc.text(item, left + 18, top, { width: width - 18, lineGap: 2 });
        }
        doc.x = left;
      }
      doc.moveDown(0.5);
    }
    doc.moveDown(0.4);
  }

  const evidence: [string, string][] = signature
    ? [
        ["Signed by", signature.signerName],
        [
          "Signature",
          image
            ? "Drawn or uploaded image (above)"
            : signature.image
              ? "Drawn or uploaded image (kept on file; it cannot be shown here)"
              : "Typed name",
        ],
        ["Signed at", signedAtText(signature.signedAt)],
        [
          "Work may start within the 14 days",
          signature.startEarly
            ? "Yes, at the seller's express request"
            : "No: work starts after the cancellation period",
        ],
        ["IP address", signature.ipAddress ?? "not recorded"],
        ["Browser", signature.userAgent ?? "not recorded"],
        ["SHA-256 of the terms", signature.textHash],
      ]
    : [];
  const rowHeight = ([name, value]: [string, string]) =>
    Math.max(
      doc.font("Helvetica-Bold").fontSize(9).heightOfString(name, { width: 150 }),
      doc
        .font("Helvetica")
        .fontSize(9)
        .heightOfString(value, { width: width - 160 }),
      12,
    ) + 3;
  // The signature block stays in one piece.
  const blockHeight = 40 + 100 + evidence.reduce((sum, row) => sum + rowHeight(row), 0);
  if (doc.y + blockHeight > doc.page.height - doc.page.margins.bottom) doc.addPage();
  doc.moveDown(0.5).font("Helvetica-Bold").fontSize(11.5).fillColor(INK).text("Signature", left, doc.y, { width });
  doc.moveDown(0.4);
  const boxTop = doc.y;
  doc.rect(left, boxTop, 240, 90).lineWidth(0.75).stroke("#94a3b8");
  if (!signature) {
    doc
      .font("Helvetica")
      .fontSize(10)
      .fillColor(MUTED)
      .text("Sign online at MoveWise to make this agreement.", left + 260, boxTop + 4, { width: width - 260 });
  } else if (image) {
    doc.image(image, left + 8, boxTop + 8, { fit: [224, 74], align: "center", valign: "center" });
  } else {
    doc
      .font("Helvetica-Oblique")
      .fontSize(22)
      .fillColor(INK)
      .text(signature.signerName, left + 12, boxTop + 32, { width: 216, lineBreak: false, ellipsis: true });
  }
  doc.y = boxTop + 100;
  for (const row of evidence) {
    const top = doc.y;
    doc.font("Helvetica-Bold").fontSize(9).fillColor(MUTED).text(row[0], left, top, { width: 150 });
    doc
      .font("Helvetica")
      .fontSize(9)
      .fillColor(INK)
      .text(row[1], left + 160, top, { width: width - 160 });
    doc.y = top + rowHeight(row);
  }

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.height - 40;
    // Writing inside the bottom margin would add a page; lift the margin while the footer is drawn.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font("Helvetica")
      .fontSize(8)
      .fillColor(MUTED)
      .text(`${contract.reference}  ·  Page ${i + 1} of ${range.count}`, left, bottom, {
        width,
        align: "right",
        lineBreak: false,
      });
    doc.page.margins.bottom = margin;
  }
  doc.end();
  return done;
}
