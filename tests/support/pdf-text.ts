// The text a pdfkit PDF shows, read back from its content streams (inflated when compressed): the strings of
// each TJ/Tj operator, one line per operator. Enough for the standard fonts pdfkit writes as WinAnsi hex.
import { inflateSync } from "node:zlib";

function decodeHex(hex: string) {
  return Buffer.from(hex.replace(/\s+/g, ""), "hex").toString("latin1");
}

export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString("latin1");
  const lines: string[] = [];
  const streams = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streams.exec(raw))) {
    const start = match.index + match[0].length;
    const end = raw.indexOf("endstream", start);
    if (end < 0) break;
    const bytes = pdf.subarray(start, end);
    let content: string;
    try {
      content = inflateSync(bytes).toString("latin1");
    } catch {
      content = bytes.toString("latin1");
    }
    for (const op of content.matchAll(/\[((?:<[0-9a-fA-F\s]*>|[-\d.\s])*)\]\s*TJ|<([0-9a-fA-F\s]*)>\s*Tj/g)) {
      const pieces = op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F\s]*)>/g)].map((p) => p[1]!) : [op[2]!];
      lines.push(pieces.map(decodeHex).join(""));
    }
    streams.lastIndex = end;
  }
  return lines.join("\n");
}
