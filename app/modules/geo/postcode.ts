// UK postcode format rules (Royal Mail's PAF layout, as summarised by the ONS and gov.uk), with no data
// lookup: a postcode that passes has a valid shape, not necessarily an address behind it.
// Pure, so both the server and the browser can use it.

// Outward code (area + district): A9, A99, AA9, AA99, A9A or AA9A, with the letters each position allows.
const OUTWARD =
  "(?:[A-PR-UWYZ][0-9]{1,2}|[A-PR-UWYZ][A-HK-Y][0-9]{1,2}|[A-PR-UWYZ][0-9][A-HJKPSTUW]|[A-PR-UWYZ][A-HK-Y][0-9][ABEHMNPRVWXY])";
// Inward code (sector + unit): a digit and two letters, never C, I, K, M, O or V.
const INWARD = "[0-9][ABD-HJLNP-UW-Z]{2}";

const POSTCODE = new RegExp(`^(${OUTWARD})(${INWARD})$`);
/** A full postcode in its standard form, as a published schema states it ("LE1 6EJ"); case and spacing are forgiven. */
export const POSTCODE_PATTERN = `^(?:${OUTWARD} ?${INWARD}|GIR ?0AA)$`;
/** Text that ends with a full postcode in its standard form (an address that carries its postcode). */
export const ENDS_WITH_POSTCODE_PATTERN = `(?:^|[^A-Za-z0-9])${OUTWARD} ?${INWARD}\\s*$`;
const OUTCODE = new RegExp(`^${OUTWARD}$`);
/** Girobank's historic, non-geographic postcode, still in use. */
const GIROBANK = "GIR0AA";

/** Longest input worth looking at: "EC1A 1BB" padded with generous spacing. */
const MAX_INPUT_LENGTH = 16;

function compact(input: string) {
  return input.length > MAX_INPUT_LENGTH ? "" : input.replace(/\s+/g, "").toUpperCase();
}

/**
 * A full UK postcode in its standard form ("le15ww" → "LE1 5WW", " sw1a1aa " → "SW1A 1AA"),
 * or null when the input is not shaped like one. BFPO numbers and overseas territories are not accepted.
 */
export function normalisePostcode(input: string): string | null {
  const code = compact(input);
  if (code === GIROBANK) return "GIR 0AA";
  const match = POSTCODE.exec(code);
  return match ? `${match[1]} ${match[2]}` : null;
}

/** The outward code (postcode district) of a full postcode, e.g. "LE1 5WW" → "LE1"; null when it is not one. */
export function outcodeOf(postcode: string): string | null {
  const normalised = normalisePostcode(postcode);
  return normalised ? normalised.slice(0, normalised.indexOf(" ")) : null;
}

/** An outward code on its own in standard form ("le1" → "LE1"), or null when it is not shaped like one. */
export function normaliseOutcode(input: string): string | null {
  const code = compact(input);
  if (code === "GIR") return code;
  return OUTCODE.test(code) ? code : null;
}
