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
  pattern: min <= 1 ? "\\S" : `^\\s*\\S[\\s\\S]{${min - 2},}\\S\\s*$`,
});

export const NOT_BLANK = trimmedAtLeast(1);

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
