// fast-check generators for hostile input: every field of a valid sample body is kept, dropped, bent
// (NUL, lone surrogates, huge, padded, numbers as text, negative, huge or fractional numbers, bad dates)
// or replaced by junk of another type (arrays for scalars, nested objects), and unknown fields are added.
import fc from "fast-check";

export const OMIT = Symbol("omit");
export type FuzzValue = unknown;
export type FuzzBody = Record<string, FuzzValue>;

/** Strings that have broken web apps before. */
const NASTY_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udfffy",
  "\ud83d",
  "\u202e\u202d",
  "\ufeff",
  "\u200b",
  "💥🏠",
  "ﷺ",
  "null",
  "undefined",
  "NaN",
  "Infinity",
  "-Infinity",
  "true",
  "[object Object]",
  "__proto__",
  "constructor",
  "0",
  "-0",
  "-1",
  "1e309",
  "0x1F",
  "1.5",
  "９９",
  "99999999999999999999",
  "2147483648",
  "-2147483649",
  "2026-02-30",
  "0000-00-00",
  "9999-12-31",
  "2026-13-01",
  "1969-12-31T23:59:59Z",
  "24:00",
  "25:61",
  "10:30 XM",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "%00",
  "%",
  "../../etc/passwd",
  "\r\n\r\nSet-Cookie: x=y",
  "a@b",
  "@",
  "a@b.c",
  "x".repeat(101),
  "x".repeat(1_001),
  "é".repeat(5_001),
  "x".repeat(70_000),
  "\t\n\v\f\r",
];

export const nastyString = fc.constantFrom(...NASTY_STRINGS);

export const junkString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: nastyString },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) }, // any code point, lone surrogates included
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 400_000 }).map((n) => "a".repeat(n)) },
);

export const junkNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    1,
    0.5,
    -0.5,
    2_147_483_647,
    2_147_483_648,
    -2_147_483_649,
    Number.MAX_SAFE_INTEGER,
    1e21,
    -1e21,
    1e308,
    Number.MIN_VALUE,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const junkScalar: fc.Arbitrary<FuzzValue> = fc.oneof(
  { weight: 4, arbitrary: junkString },
  { weight: 2, arbitrary: junkNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);

const junkKey = fc.oneof(
  fc.constantFrom(
    "__proto__",
    "constructor",
    "toString",
    "id",
    "role",
    "status",
    "userId",
    "ownerId",
    "price",
    "amountPence",
    "",
  ),
  fc.string({ maxLength: 12 }),
);

/** Any JSON value, nested a few levels deep. */
export const junkValue: fc.Arbitrary<FuzzValue> = fc.letrec<{ value: FuzzValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    { weight: 6, arbitrary: junkScalar },
    { weight: 1, arbitrary: fc.array(tie("value"), { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.dictionary(junkKey, tie("value"), { maxKeys: 4 }) },
  ),
})).value;

/** A valid value bent a little: still close enough to pass some checks, and then stored. */
function bent(valid: FuzzValue): fc.Arbitrary<FuzzValue> {
  if (typeof valid === "string") {
    const bentText = fc.oneof(
      fc.tuple(nastyString, fc.boolean()).map(([extra, before]) => (before ? extra + valid : valid + extra)),
      fc.string({ unit: "binary", maxLength: 8 }).map((extra) => `${valid}${extra}`),
      fc.constantFrom(
        ` ${valid} `,
        valid.toUpperCase(),
        `\u0000${valid}`,
        `${valid}\ud800`,
        valid.repeat(50),
        valid.slice(0, 1),
        `${valid}\n${valid}`,
      ),
    );
    if (!/^\d+$/.test(valid)) return bentText;
    // An id or an amount as text: around the limits of a database integer, signed, fractional, exponent.
    const bentNumber = fc.oneof(
      fc.constantFrom(
        "0",
        "-1",
        `-${valid}`,
        `${valid}.5`,
        "2147483647",
        "2147483648",
        "99999999999",
        "1e3",
        valid.repeat(3),
      ),
      fc.bigInt().map(String),
    );
    return fc.oneof(bentText, bentNumber);
  }
  if (typeof valid === "number") {
    return fc.oneof(
      fc.constantFrom(
        String(valid),
        -valid,
        valid + 0.5,
        valid * 1e12,
        `${valid}abc`,
        ` ${valid} `,
        `£${valid.toLocaleString("en-GB")}`,
      ),
      junkNumber,
    );
  }
  if (typeof valid === "boolean") return fc.constantFrom(String(valid), valid ? 1 : 0, "yes", "on", "maybe", [valid]);
  if (Array.isArray(valid))
    return fc.oneof(
      fc.constant(valid.join("\n")),
      fc.array(junkValue, { maxLength: 30 }),
      fc.constant([...valid, ...valid, ...valid, ...valid, ...valid, ...valid, ...valid]),
    );
  return junkValue;
}

/** One field: usually the valid value, otherwise dropped, bent, wrapped in an array or replaced by junk. */
function field(valid: FuzzValue): fc.Arbitrary<FuzzValue> {
  return fc.oneof(
    { weight: 5, arbitrary: fc.constant(valid) },
    { weight: 1, arbitrary: fc.constant(OMIT) },
    { weight: 3, arbitrary: bent(valid) },
    { weight: 1, arbitrary: fc.constant([valid, valid]) },
    { weight: 2, arbitrary: junkValue },
  );
}

/** Bodies (or query strings) shaped like `sample`, with every kind of damage, plus unknown fields. */
export function bodyLike(sample: FuzzBody): fc.Arbitrary<FuzzBody> {
  const fields = Object.fromEntries(Object.entries(sample).map(([name, valid]) => [name, field(valid)]));
  return fc
    .tuple(fc.record(fields), fc.option(fc.dictionary(junkKey, junkValue, { maxKeys: 3 }), { freq: 4 }))
    .map(([known, extra]) => {
      const body: FuzzBody = {};
      for (const [name, value] of Object.entries({ ...(extra ?? {}), ...known }))
        if (value !== OMIT) body[name] = value;
      return body;
    });
}

/** Raw bodies that are not the expected object at all. */
export const rawBody = fc.oneof(
  fc.constantFrom(
    "",
    "{",
    "}",
    "[]",
    "null",
    "0",
    '"text"',
    "[1,2,3]",
    '{"a":',
    "\u0000",
    '{"__proto__":{"admin":true}}',
    "a=1&b=2",
    "{}".repeat(40_000),
  ),
  fc.string({ unit: "binary", maxLength: 60 }),
  fc.constant(`{"x":"${"y".repeat(70_000)}"}`),
);

export const junkParam = fc.oneof(
  fc.constantFrom(
    "0",
    "-1",
    "1.5",
    "abc",
    "1e3",
    "0x10",
    "2147483648",
    "99999999999",
    "9".repeat(40),
    "%00",
    "\u0000",
    " 1",
    "1 ",
    "",
    "undefined",
    "null",
    "../1",
  ),
  fc.string({ unit: "binary", maxLength: 12 }),
);

/** Form fields as a browser would send them: repeated keys for lists, text for everything else. */
export function toFormEntries(body: FuzzBody): [string, string | Blob][] {
  const entries: [string, string | Blob][] = [];
  const text = (value: FuzzValue) =>
    typeof value === "string"
      ? value
      : value === null || value === undefined
        ? ""
        : typeof value === "object"
          ? JSON.stringify(value)
          : String(value);
  for (const [name, value] of Object.entries(body)) {
    if (Array.isArray(value)) for (const item of value) entries.push([name, text(item)]);
    else if (value instanceof Blob) entries.push([name, value]);
    else entries.push([name, text(value)]);
  }
  return entries;
}

/** One file part of a multipart upload. */
export type UploadPart = { field: string; name: string; type: string; bytes: Uint8Array };

const bytesOf = (text: string) => new TextEncoder().encode(text);
/** A real 1×1 PNG, a minimal PDF, and files that only start like one (all tiny, so sharp stays cheap). */
const PNG_1X1 = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  ),
);
const FILE_BYTES: Uint8Array[] = [
  PNG_1X1,
  bytesOf("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"),
  PNG_1X1.slice(0, 20),
  Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0]),
  Uint8Array.from([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50]),
  Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]),
  bytesOf("<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>"),
  bytesOf("GIF89a\u0001\u0000\u0001\u0000"),
  new Uint8Array(0),
];

const uploadPart: fc.Arbitrary<UploadPart> = fc.record({
  field: fc.oneof(
    { weight: 6, arbitrary: fc.constant("files") },
    { weight: 1, arbitrary: fc.constantFrom("file", "files[]", "", "section", "proof") },
    { weight: 1, arbitrary: junkString },
  ),
  name: fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom("front.png", "plan.png", "epc.pdf", "photo.jpg", "photo.webp", "report.docx"),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        "",
        ".png",
        "../../etc/passwd",
        "a\u0000b.png",
        "\ud800.pdf",
        "x".repeat(300) + ".png",
        "CON.png",
        "résumé 📄.pdf",
        "a\r\nb.png",
        'quote".png',
      ),
    },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
  ),
  type: fc.constantFrom("image/png", "application/pdf", "image/jpeg", "application/octet-stream", "text/html", ""),
  bytes: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...FILE_BYTES) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }) },
  ),
});

/** The files of an upload: usually one or two, sometimes none or more than the limit allows. */
export const uploadParts = fc.oneof(
  { weight: 5, arbitrary: fc.array(uploadPart, { minLength: 1, maxLength: 2 }) },
  { weight: 1, arbitrary: fc.array(uploadPart, { maxLength: 12 }) },
);

const CRLF = "\r\n";
/** Multipart bodies a browser would never send: bad or missing boundaries, truncated parts, junk sections. */
export const brokenMultipart = fc
  .record({
    boundary: fc.constantFrom("x", "----b", "", '"quoted"', "a".repeat(80), "\u00e9"),
    declared: fc.constantFrom("same", "other", "none", "empty"),
    sections: fc.array(
      fc.oneof(
        fc.constantFrom(
          `Content-Disposition: form-data; name="files"; filename="a.png"${CRLF}Content-Type: image/png${CRLF}${CRLF}\u0089PNG`,
          `Content-Disposition: form-data; name="section"${CRLF}${CRLF}images`,
          `Content-Disposition: form-data; name="section"${CRLF}${CRLF}\u0000`,
          `Content-Disposition: form-data${CRLF}${CRLF}no name`,
          `Content-Disposition: attachment; filename*=UTF-8''%E2%82%AC.png${CRLF}${CRLF}x`,
          `Content-Disposition: form-data; name="files"; filename="a.png"`,
          `garbage without headers`,
          `Content-Type: text/plain${CRLF}${CRLF}no disposition`,
          "",
        ),
        junkString.map((s) => s.slice(0, 200)),
      ),
      { maxLength: 4 },
    ),
    ending: fc.constantFrom("closed", "open", "truncated", "preamble-only"),
  })
  .map(({ boundary, declared, sections, ending }) => {
    const parts = sections.map((s) => `--${boundary}${CRLF}${s}${CRLF}`).join("");
    const close =
      ending === "closed" ? `--${boundary}--${CRLF}` : ending === "truncated" ? `--${boundary.slice(0, 1)}` : "";
    const text = ending === "preamble-only" ? "just a preamble" : parts + close;
    const header =
      declared === "none"
        ? "multipart/form-data"
        : declared === "empty"
          ? "multipart/form-data; boundary="
          : `multipart/form-data; boundary=${declared === "same" ? boundary : "other"}`;
    return { kind: "raw" as const, text: bytesOf(text), contentType: header };
  });
