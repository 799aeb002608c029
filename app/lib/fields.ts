// Field rules that several forms and API payloads share (accounts, contact, valuations, viewings), so a
// name, an email address or a phone number is checked, and explained, the same way everywhere.
import { z } from "zod";

import { oneLine } from "./one-line";
import { storableText } from "./storable-text";

/**
 * What the published schema says of text that is trimmed and then needs `min` characters, as it is sent (spaces
 * around it allowed): for 1, something besides spaces.
 */
export const trimmedAtLeast = (min: number) => ({
  pattern: min <= 1 ? "[^\\s\\u0000\\u0085]" : `^\\s*\\S[\\s\\S]{${min - 2},}\\S\\s*$`,
});

export const NOT_BLANK = trimmedAtLeast(1);

const BREAK = "[\\n\\v\\f\\r\\u0085\\u2028\\u2029]";
const BREAK_OR_NUL = "[\\n\\v\\f\\r\\u0085\\u2028\\u2029\\u0000]";
const KEPT = "[^\\n\\v\\f\\r\\u0085\\u2028\\u2029\\u0000]";
/** What cleaning, folding and trimming take off the ends: whitespace, NUL (storableText) and NEL. */
const END = "[\\s\\u0000\\u0085]";
const VISIBLE = "[^\\s\\u0000\\u0085]";
/** A kept character (after any NULs, which go): one stored character. */
const ONE = `\\u0000*${KEPT}`;
/** A run of line breaks (and NULs), folded to one space, with the kept character after it: two. */
const TWO = `${BREAK_OR_NUL}*${BREAK}${BREAK_OR_NUL}*${KEPT}`;
/** A run of line breaks just before the last visible character: one. */
const LAST_RUN = `${BREAK_OR_NUL}*${BREAK}${BREAK_OR_NUL}*`;

/** Text between the first and last visible characters that is stored as at least `count` characters. */
function storedAtLeast(count: number): string {
  if (count <= 0) return `(?:${ONE}|${TWO})*(?:${LAST_RUN})?`;
  const lastRun = count === 1 ? `|${LAST_RUN}` : "";
  return `(?:${ONE}${storedAtLeast(count - 1)}|${TWO}${storedAtLeast(count - 2)}${lastRun})`;
}

/**
 * What the published schema says of a one-line field (lineOfText) that needs `min` characters once it is
 * cleaned, folded and trimmed: counted as stored, a run of line breaks as the one space it becomes. (Written
 * without lookahead, which the conformance test's generator cannot read.)
 */
export const lineAtLeast = (min: number) => ({
  pattern: min <= 1 ? VISIBLE : `^${END}*${VISIBLE}${storedAtLeast(min - 2)}\\u0000*${VISIBLE}${END}*$`,
});

/**
 * The start of every one-line field (names, addresses, subjects): storable, folded onto one line (see
 * one-line.ts), trimmed. `error` is the message when it is not text at all.
 */
export const lineOfText = (error: string) => z.string({ error }).overwrite(storableText).overwrite(oneLine).trim();

/** The start of every field that may run over several lines (messages, descriptions, notes). */
export const paragraphsOfText = (error: string) => z.string({ error }).overwrite(storableText).trim();

const atMost = (max: number) => ({ error: `Use at most ${max.toLocaleString("en-GB")} characters.` });

/** A required one-line text; `message` asks for it ("Enter your first name."). */
export const requiredText = (message: string, max: number) =>
  lineOfText(message).min(1, { error: message }).max(max, atMost(max)).meta(NOT_BLANK);

/** A required text of one or more lines (a message). */
export const requiredParagraphs = (message: string, max: number) =>
  paragraphsOfText(message).min(1, { error: message }).max(max, atMost(max)).meta(NOT_BLANK);

const notGivenWhenBlank = <T extends z.ZodString>(text: T) => text.nullish().transform((value) => value || undefined);

/** An optional one-line text; blank or null counts as not given. */
export const optionalText = (max: number) => notGivenWhenBlank(lineOfText("Enter text.").max(max, atMost(max)));

/** An optional text of one or more lines; blank or null counts as not given. */
export const optionalParagraphs = (max: number) =>
  notGivenWhenBlank(paragraphsOfText("Enter text.").max(max, atMost(max)));

/**
 * An email address, trimmed and lower-cased; `whose` names it when it is missing ("the customer's"). The
 * format is a check of the string itself (not a second schema piped to), so the published schema states it.
 */
export const emailAddressOf = (whose: string) =>
  z
    .string({ error: `Enter ${whose} email address.` })
    .overwrite(storableText)
    .trim()
    .toLowerCase()
    .email({ error: "Enter a valid email address, like name@example.co.uk." })
    .max(254, { error: "Use at most 254 characters." });

export const emailAddress = emailAddressOf("your");

/** A phone number as the published schema states it: 10 to 20 digits, spaces, brackets and dashes, no spaces around. */
const PHONE_PATTERN = "^\\+?[\\d()-][\\d ()-]{8,18}[\\d()-]$";

export const phoneNumber = z
  .string({ error: "Enter your phone number." })
  .overwrite(storableText)
  .trim()
  .regex(/^\+?[\d\s()-]{10,20}$/, { error: "Enter a valid phone number, like 07700 900123." })
  .meta({ pattern: PHONE_PATTERN });

/** A phone number, or blank or null for none. */
export const optionalPhoneNumber = z
  .string({ error: "Enter a valid phone number, like 07700 900123." })
  .overwrite(storableText)
  .trim()
  .nullish()
  .transform((value) => value || undefined)
  .pipe(phoneNumber.optional())
  .meta({ anyOf: [{ type: "string", pattern: PHONE_PATTERN }, { type: "string", maxLength: 0 }, { type: "null" }] });
