// Field rules that several forms and API payloads share (accounts, contact, valuations, viewings), so a
// name, an email address or a phone number is checked, and explained, the same way everywhere.
import { z } from "zod";

import { storableText } from "./storable-text";

/**
 * What the published schema says of text that is trimmed and then needs `min` characters, as it is sent (spaces
 * around it allowed): for 1, something besides spaces.
 */
export const trimmedAtLeast = (min: number) => ({
  pattern: min <= 1 ? "\\S" : `^\\s*\\S[\\s\\S]{${min - 2},}\\S\\s*$`,
});

export const NOT_BLANK = trimmedAtLeast(1);

/** Required text, trimmed; `message` asks for it ("Enter your first name."). */
export const requiredText = (message: string, max: number) =>
  z
    .string({ error: message })
    .overwrite(storableText)
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Use at most ${max.toLocaleString("en-GB")} characters.` })
    .meta(NOT_BLANK);

/** Optional text, trimmed; blank or null counts as not given. */
export const optionalText = (max: number) =>
  z
    .string({ error: "Enter text." })
    .overwrite(storableText)
    .trim()
    .max(max, { error: `Use at most ${max.toLocaleString("en-GB")} characters.` })
    .nullish()
    .transform((value) => value || undefined);

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
