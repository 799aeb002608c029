// A one-page demo "Energy Performance Certificate" as a PDF, built in memory with pdfkit.
// It imitates the layout of an EPC (rating chart with current and potential score) but is
// clearly marked as a demo document: it was never lodged on the register.
import PDFDocument from "pdfkit";

import type { EpcBand } from "./listings";

export interface EpcInput {
  address: string;
  propertyType: string;
  floorAreaSqm: number;
  current: EpcBand;
  potential: EpcBand;
  /** Any whole number; picks the exact scores within the bands so certificates differ. */
  variant: number;
  reference: string;
  assessedOn: Date;
  construction: string;
  heating: string;
}

/** Bands, their SAP score ranges and the usual EPC chart colours. */
const BANDS: { band: EpcBand; min: number; max: number; colour: string; darkText: boolean }[] = [
  { band: "A", min: 92, max: 100, colour: "#008054", darkText: false },
  { band: "B", min: 81, max: 91, colour: "#19b459", darkText: false },
  { band: "C", min: 69, max: 80, colour: "#8dce46", darkText: true },
  { band: "D", min: 55, max: 68, colour: "#ffd500", darkText: true },
  { band: "E", min: 39, max: 54, colour: "#fcaa65", darkText: true },
  { band: "F", min: 21, max: 38, colour: "#ef8023", darkText: true },
  { band: "G", min: 1, max: 20, colour: "#e9153b", darkText: false },
];

const bandInfo = (band: EpcBand) => BANDS.find((b) => b.band === band)!;

function scoreIn(band: EpcBand, variant: number) {
  const { min, max } = bandInfo(band);
  const span = Math.min(max, 99) - min + 1;
  return min + (Math.abs(variant * 7919) % span);
}

const longDate = (date: Date) =>
  date.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

function rating(band: EpcBand) {
  return band <= "B" ? "Very good" : band <= "C" ? "Good" : band <= "E" ? "Average" : "Poor";
}

/** Improvements suggested when the potential rating is better than the current one. */
function recommendations(input: EpcInput): string[] {
  const steps: string[] = [];
  if (/^solid/i.test(input.construction))
    steps.push("Internal or external wall insulation (typical cost £7,500 to £14,000)");
  if (/pitched/i.test(input.construction)) steps.push("Top up loft insulation to 300 mm (typical cost £100 to £350)");
  if (/storage heaters|panel heaters/i.test(input.heating))
    steps.push("High heat retention storage heaters (typical cost £3,000 to £4,500)");
  steps.push("Solar photovoltaic panels, 2.5 kWp (typical cost £3,500 to £5,500)");
  if (input.current >= "D") steps.push("Draught-proof doors and floors (typical cost £80 to £200)");
  return steps.slice(0, 3);
}

/** Renders the certificate and resolves with the PDF bytes. */
export function epcCertificatePdf(input: EpcInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: 48,
    info: {
      Title: `Energy Performance Certificate (demo) - ${input.address}`,
      Author: "MoveWise demo data",
      Subject: "Demo document, not a real certificate",
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const currentScore = scoreIn(input.current, input.variant);
  const potentialScore = Math.max(currentScore, scoreIn(input.potential, input.variant + 3));
  const validUntil = new Date(input.assessedOn);
  validUntil.setUTCFullYear(validUntil.getUTCFullYear() + 10);
  validUntil.setUTCDate(validUntil.getUTCDate() - 1);
  const left = 48;
  const pageWidth = doc.page.width - 96;

  // Watermark behind everything.
  doc
    .save()
    .rotate(-35, { origin: [300, 430] })
    .fontSize(110)
    .fillColor("#f1f1f1")
    .font("Helvetica-Bold")
    .text("DEMO", 110, 380, { lineBreak: false })
    .restore();

  doc.fillColor("#0b0c0c").font("Helvetica-Bold").fontSize(22).text("Energy performance certificate (EPC)", left, 48);

  // The demo notice, impossible to miss.
  doc.rect(left, 84, pageWidth, 40).fillAndStroke("#fdecea", "#d4351c");
  doc
    .fillColor("#d4351c")
    .font("Helvetica-Bold")
    .fontSize(12)
    .text("Demo document \u2014 not a real certificate", left + 12, 91)
    .font("Helvetica")
    .fontSize(9)
    .fillColor("#0b0c0c")
    .text(
      "Sample data for the MoveWise demo. It has not been lodged on the EPC register and must not be relied on.",
      left + 12,
      107,
    );

  // Address and certificate facts.
  doc.font("Helvetica-Bold").fontSize(11).text(input.address, left, 142, { width: 300 });
  const facts: [string, string][] = [
    ["Energy rating", input.current],
    ["Valid until", longDate(validUntil)],
    ["Certificate number", input.reference],
  ];
  let y = 142;
  for (const [name, value] of facts) {
    doc.font("Helvetica").fontSize(9).fillColor("#505a5f").text(name, 370, y);
    doc
      .font("Helvetica-Bold")
      .fontSize(11)
      .fillColor("#0b0c0c")
      .text(value, 370, y + 11);
    y += 30;
  }
  doc.font("Helvetica").fontSize(10).fillColor("#0b0c0c");
  doc.text(`Property type: ${input.propertyType}`, left, 196);
  doc.text(`Total floor area: ${Math.round(input.floorAreaSqm)} square metres`, left, 211);

  // Rating chart.
  doc.font("Helvetica-Bold").fontSize(15).text("Energy rating and score", left, 250);
  doc
    .font("Helvetica")
    .fontSize(10)
    .text(
      `This property's energy rating is ${input.current}. It has the potential to be ${input.potential}. Ratings run from A (most efficient) to G (least efficient); the higher the score, the lower the fuel bills are likely to be.`,
      left,
      272,
      { width: pageWidth },
    );

  const chartTop = 312;
  const rowHeight = 26;
  const chartLeft = left + 44;
  const currentX = left + 330;
  const potentialX = left + 415;
  doc
    .rect(left, chartTop, pageWidth, rowHeight * 7 + 34)
    .lineWidth(1)
    .stroke("#b1b4b6");
  doc.font("Helvetica-Bold").fontSize(9).fillColor("#0b0c0c");
  doc.text("Score", left + 6, chartTop + 10);
  doc.text("Energy rating", chartLeft, chartTop + 10);
  doc.text("Current", currentX, chartTop + 10, { width: 80, align: "center" });
  doc.text("Potential", potentialX, chartTop + 10, { width: 80, align: "center" });
  for (const [i, band] of BANDS.entries()) {
    const rowTop = chartTop + 28 + i * rowHeight;
    const barWidth = 70 + i * 30;
    doc
      .font("Helvetica")
      .fontSize(9)
      .fillColor("#0b0c0c")
      .text(band.band === "A" ? "92+" : `${band.min}-${band.max}`, left + 6, rowTop + 8);
    doc.rect(chartLeft, rowTop + 2, barWidth, rowHeight - 4).fill(band.colour);
    doc
      .font("Helvetica-Bold")
      .fontSize(14)
      .fillColor(band.darkText ? "#0b0c0c" : "#ffffff")
      .text(band.band, chartLeft + barWidth - 18, rowTop + 6);
  }
  const marker = (band: EpcBand, score: number, x: number) => {
    const i = BANDS.findIndex((b) => b.band === band);
    const info = bandInfo(band);
    const top = chartTop + 28 + i * rowHeight + 2;
    const h = rowHeight - 4;
    doc.polygon([x, top + h / 2], [x + 12, top], [x + 80, top], [x + 80, top + h], [x + 12, top + h]).fill(info.colour);
    doc
      .font("Helvetica-Bold")
      .fontSize(12)
      .fillColor(info.darkText ? "#0b0c0c" : "#ffffff")
      .text(`${score} ${band}`, x + 12, top + 5, { width: 68, align: "center" });
  };
  marker(input.current, currentScore, currentX);
  marker(input.potential, potentialScore, potentialX);

  // Features.
  y = chartTop + rowHeight * 7 + 52;
  doc
    .font("Helvetica-Bold")
    .fontSize(15)
    .fillColor("#0b0c0c")
    .text("Breakdown of the property's energy performance", left, y);
  y += 24;
  const features: [string, string, string][] = [
    ["Walls and roof", input.construction, rating(input.current)],
    ["Main heating", input.heating, rating(input.current <= "C" ? input.current : "D")],
    ["Windows", "Fully double glazed", "Good"],
    ["Lighting", "Low energy lighting in all fixed outlets", "Very good"],
  ];
  for (const [feature, description, score] of features) {
    doc.font("Helvetica-Bold").fontSize(9).text(feature, left, y, { width: 100 });
    doc
      .font("Helvetica")
      .fontSize(9)
      .text(description, left + 105, y, { width: 310 });
    doc.text(score, left + 430, y, { width: 70 });
    y = Math.max(doc.y, y + 12) + 6;
  }

  if (input.potential < input.current) {
    y += 8;
    doc.font("Helvetica-Bold").fontSize(15).text(`How to improve this home's rating to ${input.potential}`, left, y);
    y += 22;
    for (const step of recommendations(input)) {
      doc.font("Helvetica").fontSize(9).text(`\u2022  ${step}`, left, y, { width: pageWidth });
      y = doc.y + 4;
    }
  }

  // Assessment details at the foot of the page.
  const footTop = doc.page.height - 120;
  doc
    .moveTo(left, footTop)
    .lineTo(left + pageWidth, footTop)
    .lineWidth(0.5)
    .stroke("#b1b4b6");
  doc.font("Helvetica").fontSize(8.5).fillColor("#505a5f");
  doc.text(
    `Date of assessment: ${longDate(input.assessedOn)}    Date of certificate: ${longDate(input.assessedOn)}`,
    left,
    footTop + 10,
  );
  doc.text("Assessor: Demo Assessor, accreditation number DEMO-000000 (fictional)", left, footTop + 24);
  doc.text(
    "This page was generated for demonstration purposes. For a real certificate, search the official EPC register.",
    left,
    footTop + 38,
    {
      width: pageWidth,
    },
  );

  doc.end();
  return done;
}
