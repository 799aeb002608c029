// Field rules that several forms and API payloads share (accounts, contact, valuations, viewings), so a
// name, an email address or a phone number is checked, and explained, the same way everywhere.
import { z } from "zod";

import { storableText } from "./storable-text";

/** Required text, trimmed; `message` asks for it ("Enter your first name."). */
export const requiredText = (message: string, max: number) =>
  z
    .string({ error: message })
    .overwrite(storableText)
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Use at most ${max.toLocaleString("en-GB")} characters.` });

/** Optional text, trimmed; blank or null counts as not given. */
export const optionalText = (max: number) =>
  z
    .string({ error: "Enter text." })
    .overwrite(storableText)
    .trim()
    .max(max, { error: `Use at most ${max.toLocaleString("en-GB")} characters.` })
    .nullish()
    .transform((value) => value || undefined);

/** An email address, trimmed and lower-cased; `whose` names it when it is missing ("the customer's"). */
export const emailAddressOf = (whose: string) =>
  z
    .string({ error: `Enter ${whose} email address.` })
    .overwrite(storableText)
    .trim()
    .toLowerCase()
    .pipe(
      z
        .email({ error: "Enter a valid email address, like name@example.co.uk." })
        .max(254, { error: "Use at most 254 characters." }),
    );

export const emailAddress = emailAddressOf("your");

export const phoneNumber = z
  .string({ error: "Enter your phone number." })
  .overwrite(storableText)
  .trim()
  .regex(/^\+?[\d\s()-]{10,20}$/, { error: "Enter a valid phone number, like 07700 900123." });

/** A phone number, or blank or null for none. */
export const optionalPhoneNumber = z
  .string({ error: "Enter a valid phone number, like 07700 900123." })
  .overwrite(storableText)
  .trim()
  .nullish()
  .transform((value) => value || undefined)
  .pipe(phoneNumber.optional());
