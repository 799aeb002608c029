// The memorandum of sale as an A4 PDF (pdfkit, in memory): the agreed sale, both parties, both solicitors and
// the conditions, as the agency sends it to everyone concerned once an offer is accepted and solicitors are known.
import PDFDocument from "pdfkit";

import { formatDate, formatPrice } from "../../lib/format";
import type { Attachment } from "../mail/mail.server";
import { POSITION_LABELS } from "../offers/positions";
import { agency } from "../projects/contract.server";
import { type MemorandumFacts, memorandumFacts } from "./progression.server";
import type { SolicitorView } from "./sale-view";

const INK = "#0f172a";
const MUTED = "#475569";
const ACCENT = "#047857";

export const memorandumFileName = (saleId: number) => `movewise-memorandum-of-sale-${saleId}.pdf`;

/** The memorandum's text, as rows under headings (the PDF draws them; tests read them back). */
export function memorandumSections(facts: MemorandumFacts) {
  const solicitor = (s: SolicitorView): [string, string][] => [
    ["Firm", s.firm || "Not recorded"],
    ["Contact", s.name || "Not recorded"],
    ["Email", s.email || "Not recorded"],
    ["Phone", s.phone || "Not recorded"],
    ["Address", s.address || "Not recorded"],
  ];
  const a = agency();
  return [
    {
      heading: "The sale",
      rows: [
        ["Date of memorandum", formatDate(facts.issuedOn)],
        ["Property", facts.address],
        ["Tenure", facts.tenure],
        ["Agreed price", formatPrice(facts.agreedPrice)],
      ] as [string, string][],
    },
    {
      heading: "Seller",
      rows: [
        ["Name", facts.seller.name],
        ["Email", facts.seller.email || "Not recorded"],
        ["Phone", facts.seller.phone || "Not recorded"],
      ] as [string, string][],
    },
    {
      heading: "Buyer",
      rows: [
        ["Name", facts.buyer.name],
        ["Email", facts.buyer.email || "Not recorded"],
        ["Phone", facts.buyer.phone || "Not recorded"],
        ["Position", POSITION_LABELS[facts.buyer.position]],
        ["Mortgage agreed in principle", facts.buyer.mortgageInPrinciple ? "Yes" : "No"],
      ] as [string, string][],
    },
    { heading: "Seller's solicitor", rows: solicitor(facts.solicitors.seller) },
    { heading: "Buyer's solicitor", rows: solicitor(facts.solicitors.buyer) },
    {
      heading: "Subject to",
      rows: [["Conditions", facts.subjectTo || "Contract, and no further conditions"]] as [string, string][],
    },
    {
      heading: "Agent",
      rows: [
        ["Agency", a.name],
        ["Email", a.email],
        ["Phone", a.phone],
        ["Website", a.website],
      ] as [string, string][],
    },
  ];
}

export function memorandumPdf(facts: MemorandumFacts, { compress = true } = {}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: 56,
    compress,
    info: { Title: `Memorandum of sale: ${facts.address}`, Author: "MoveWise Ltd", Subject: "Memorandum of sale" },
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
  doc.font("Helvetica-Bold").fontSize(18).fillColor(INK).text("Memorandum of sale", left, 72, { width });
  doc
    .moveDown(0.3)
    .font("Helvetica")
    .fontSize(10)
    .fillColor(MUTED)
    .text("Subject to contract. This memorandum records the agreed sale; it is not a contract.", { width });
  doc.moveDown(1);

  for (const section of memorandumSections(facts)) {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 90) doc.addPage();
    doc.font("Helvetica-Bold").fontSize(11.5).fillColor(INK).text(section.heading, left, doc.y, { width });
    doc.moveDown(0.3);
    for (const [name, value] of section.rows) {
      const top = doc.y;
      const height = Math.max(
        doc.font("Helvetica-Bold").fontSize(9.5).heightOfString(name, { width: 170 }),
        doc
          .font("Helvetica")
          .fontSize(9.5)
          .heightOfString(value, { width: width - 180 }),
      );
      if (top + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
      const rowTop = doc.y;
      doc.font("Helvetica-Bold").fontSize(9.5).fillColor(MUTED).text(name, left, rowTop, { width: 170 });
      doc
        .font("Helvetica")
        .fontSize(9.5)
        .fillColor(INK)
        .text(value, left + 180, rowTop, { width: width - 180 });
      doc.y = rowTop + height + 3;
    }
    doc.moveDown(0.6);
  }
  doc.end();
  return done;
}

/** The memorandum of a sale as a mail attachment, made when the mail is sent. */
/** The memorandum as a mail attachment; null once the sale is gone (its home was deleted) or has none. */
export async function memorandumAttachment(saleId: number): Promise<Attachment | null> {
  const facts = await memorandumFacts(saleId);
  if (!facts) return null;
  return { filename: memorandumFileName(saleId), content: await memorandumPdf(facts), contentType: "application/pdf" };
}
