// Reads a Rightmove BLM file back, strictly, the way a portal's importer would: written for the tests, from the
// format's rules rather than from our writer, so a writer bug shows up as a parse error or a wrong field.
//
// - `#HEADER#` first; items `Name : value`; Version, EOF and EOR required; EOF/EOR one quoted character each,
//   different from each other; Property Count a whole number.
// - `#DEFINITION#`: one record of field names, each ended by EOF, the record ended by EOR; names unique.
// - `#DATA#`: records in the same shape, each with exactly the definition's number of fields, no line breaks
//   inside a record.
// - `#END#` last; the number of records equals Property Count.

export type BlmDocument = {
  // Header items by name, as written ("Version", "EOF" with its quotes, "Property Count", …).
  header: Record<string, string>;
  eof: string;
  eor: string;
  definition: string[];
  rows: Record<string, string>[];
};

export class BlmParseError extends Error {}

const fail = (message: string): never => {
  throw new BlmParseError(message);
};

const SECTION = /^#(HEADER|DEFINITION|DATA|END)#$/;

/** Splits one section's text into records ended by `eor`, each of fields ended by `eof`. */
function records(text: string, eof: string, eor: string, what: string): string[][] {
  const body = text.trim();
  if (!body) return [];
  if (!body.endsWith(eor)) fail(`${what}: the last record does not end with EOR '${eor}'`);
  return body
    .slice(0, -eor.length)
    .split(eor)
    .map((raw, i) => {
      // Records are written one per line: the line break between them is not part of the record.
      const record = raw.replace(/^\r?\n/, "");
      if (/[\r\n]/.test(record)) fail(`${what}: record ${i + 1} has a line break inside it`);
      if (!record.endsWith(eof)) fail(`${what}: record ${i + 1} does not end with EOF '${eof}' before EOR`);
      return record.slice(0, -eof.length).split(eof);
    });
}

export function parseBlm(text: string): BlmDocument {
  const lines = text.split(/\r?\n/);
  const sections = lines.flatMap((line, i) => (SECTION.test(line.trim()) ? [{ name: line.trim(), line: i }] : []));
  const names = sections.map((s) => s.name);
  if (names.join() !== "#HEADER#,#DEFINITION#,#DATA#,#END#")
    fail(`sections must be #HEADER#, #DEFINITION#, #DATA#, #END# in that order, once each; found ${names.join(", ")}`);
  if (lines.slice(0, sections[0]!.line).some((l) => l.trim())) fail("text before #HEADER#");
  if (lines.slice(sections[3]!.line + 1).some((l) => l.trim())) fail("text after #END#");
  const between = (a: number, b: number) => lines.slice(sections[a]!.line + 1, sections[b]!.line).join("\n");

  const header: Record<string, string> = {};
  for (const line of between(0, 1).split("\n")) {
    if (!line.trim()) continue;
    const match = /^\s*([A-Za-z][A-Za-z ]*?)\s*:\s*(.*?)\s*$/.exec(line);
    if (!match) fail(`header line without "Name : value": ${line}`);
    const name = match![1]!;
    if (name in header) fail(`header item ${name} given twice`);
    header[name] = match![2]!;
  }
  for (const required of ["Version", "EOF", "EOR"]) if (!(required in header)) fail(`header item ${required} missing`);
  const separator = (name: string) => {
    const quoted = /^'(.)'$/.exec(header[name]!);
    if (!quoted) fail(`${name} must be one character in single quotes, got ${header[name]}`);
    return quoted![1]!;
  };
  const eof = separator("EOF");
  const eor = separator("EOR");
  if (eof === eor) fail("EOF and EOR are the same character");
  if (!["3", "3i"].includes(header.Version!)) fail(`unknown Version ${header.Version}`);

  const definitionRecords = records(between(1, 2), eof, eor, "#DEFINITION#");
  if (definitionRecords.length !== 1) fail(`#DEFINITION# must hold one record, found ${definitionRecords.length}`);
  const definition = definitionRecords[0]!;
  for (const name of definition) if (!/^[A-Z][A-Z0-9_]*$/.test(name)) fail(`bad field name "${name}"`);
  const duplicates = definition.filter((name, i) => definition.indexOf(name) !== i);
  if (duplicates.length) fail(`fields defined twice: ${duplicates.join(", ")}`);

  const rows = records(between(2, 3), eof, eor, "#DATA#").map((fields, i) => {
    if (fields.length !== definition.length)
      fail(`#DATA# record ${i + 1} has ${fields.length} fields; the definition has ${definition.length}`);
    return Object.fromEntries(definition.map((name, j) => [name, fields[j]!]));
  });
  if ("Property Count" in header) {
    if (!/^\d+$/.test(header["Property Count"]!)) fail(`Property Count is not a number: ${header["Property Count"]}`);
    if (Number(header["Property Count"]) !== rows.length)
      fail(`Property Count says ${header["Property Count"]}, the file has ${rows.length} records`);
  }
  return { header, eof, eor, definition, rows };
}
