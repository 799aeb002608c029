// Our one-line address ("Flat 2, 12 Granby Street, Leicester LE1 6EJ") in the parts the portals ask for.
// The public display address leaves out the house number and name, as portals show it ("Granby Street, Leicester").

export type AddressParts = {
  /** "12", "Flat 2, 12" or "Rose Cottage" (empty when the address has none). */
  houseNameNumber: string;
  /** "Granby Street" (may be empty for a named house in a village). */
  street: string;
  /** Further lines between the street and the town, e.g. a district ("Clarendon Park"). */
  locality: string;
  /** The last part before the postcode: "Leicester". */
  town: string;
  /** "LE1 6EJ" */
  postcode: string;
  /** "LE1" */
  outward: string;
  /** "6EJ" (empty when only a district is known) */
  inward: string;
  /** "Granby Street, Leicester" */
  displayAddress: string;
};

const NUMBERED = /^((?:flat|apartment|unit|suite)\s+\S+\s*,?\s*)?(\d+[a-z]?(?:\s*-\s*\d+[a-z]?)?)\s+(.+)$/i;

/** Splits `address` (whose postcode, if it ends with it, is `postcode`) into the portals' parts. */
export function addressParts(address: string, postcode: string): AddressParts {
  const code = postcode.trim().toUpperCase();
  let rest = address.trim();
  if (code && rest.toUpperCase().endsWith(code)) rest = rest.slice(0, rest.length - code.length);
  const parts = rest
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  const town = parts.length > 1 ? parts.pop()! : "";
  let houseNameNumber = "";
  let street = "";
  // "Flat 2, 12 Granby Street": the flat goes with the number.
  const first = parts.length > 1 && /^(flat|apartment|unit|suite)\s+\S+$/i.test(parts[0]!) ? `${parts.shift()!}, ` : "";
  const line = parts.shift() ?? "";
  const numbered = NUMBERED.exec(`${first}${line}`);
  if (numbered) {
    houseNameNumber = `${numbered[1] ?? ""}${numbered[2]}`.trim();
    street = numbered[3]!.trim();
  } else if (parts.length > 0) {
    // "Rose Cottage, Church Lane, Oakham": a house name, then the street.
    houseNameNumber = `${first}${line}`.trim();
    street = parts.shift()!;
  } else {
    street = `${first}${line}`.trim();
  }
  const [outward = "", inward = ""] = code.split(" ");
  const locality = parts.join(", ");
  return {
    houseNameNumber,
    street,
    locality,
    town: town || street,
    postcode: code,
    outward,
    inward,
    displayAddress: [street, locality, town].filter(Boolean).join(", "),
  };
}
