// The contact message ('Get in touch'), shared by the /contact-us form and POST /api/v1/contact-us.
// Field names follow the API contract (spec §3: first_name, last_name, email, phone_number, message).
import { z } from "zod";

import { emailAddress, optionalPhoneNumber, requiredParagraphs, requiredText } from "../../lib/fields";
import { MESSAGE_MAX_LENGTH } from "./options";

export { COUNTRIES, MESSAGE_MAX_LENGTH } from "./options";

export const ContactMessageSchema = z.object({
  first_name: requiredText("Enter your first name.", 100),
  last_name: requiredText("Enter your last name.", 100),
  email: emailAddress,
  phone_number: optionalPhoneNumber,
  country: z.enum(["UK", "US", "CA"], { error: "Choose United Kingdom, United States or Canada." }).default("UK"),
  message: requiredParagraphs("Enter your message.", MESSAGE_MAX_LENGTH),
});

export type ContactMessageInput = z.output<typeof ContactMessageSchema>;
export type ContactMessageFields = z.input<typeof ContactMessageSchema>;
