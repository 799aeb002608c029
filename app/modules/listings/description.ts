// How a listing's free-text description is laid out (spec §2, property detail): paragraphs are separated
// by blank lines; a paragraph ending with a colon is a subheading; a paragraph of several lines is a list.

export type DescriptionBlock =
  { kind: "heading"; text: string } | { kind: "paragraph"; text: string } | { kind: "list"; items: string[] };

/** Blocks shown before 'Read full description'. */
export const DESCRIPTION_PREVIEW_BLOCKS = 3;

// Vendors paste lists with their own bullet characters; the page draws its own.
const BULLET = /^(?:[-*•·–]|\d+[.)])\s+/;

export function parseDescription(text: string): DescriptionBlock[] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph): DescriptionBlock => {
      const lines = paragraph
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean);
      if (lines.length > 1) return { kind: "list", items: lines.map((line) => line.replace(BULLET, "")) };
      const line = lines[0]!;
      return line.endsWith(":")
        ? { kind: "heading", text: line.slice(0, -1).trim() }
        : { kind: "paragraph", text: line };
    });
}
