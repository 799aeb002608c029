// PostgreSQL text cannot hold NUL (0x00), and Prisma's engine refuses strings with unpaired UTF-16
// surrogates (which no browser form can send, but any JSON client can): either used to end in a 500.
// Text input is cleaned with this before it is validated, so "\u0000" counts as empty.

type WellFormed = { toWellFormed(): string; isWellFormed(): boolean };

/** `text` without NUL characters, with any lone surrogate replaced by U+FFFD. */
export function storableText(text: string): string {
  const withoutNul = text.includes("\u0000") ? text.replaceAll("\u0000", "") : text;
  return (withoutNul as unknown as WellFormed).toWellFormed();
}

export const isStorableText = (text: string) =>
  !text.includes("\u0000") && (text as unknown as WellFormed).isWellFormed();

/** Every string inside `value` (objects and arrays, not Dates or bytes) made storable; other values kept. */
export function storableDeep<T>(value: T): T {
  if (typeof value === "string") return (isStorableText(value) ? value : storableText(value)) as T;
  if (Array.isArray(value)) return value.map(storableDeep) as T;
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = storableDeep(item);
    return out as T;
  }
  return value;
}
