// The account payloads, shared by the forms (client and server) and the /api/v1/auth endpoints.
import { z } from "zod";
import { emailAddress as email, phoneNumber } from "../../lib/fields";
import { storableText } from "../../lib/storable-text";

const password = z
  .string({ error: "Enter a password." })
  .min(8, { error: "Use at least 8 characters." })
  .max(200, { error: "Use at most 200 characters." });

export const SignupSchema = z.object({
  fullName: z.string({ error: "Enter your full name." }).overwrite(storableText).trim().min(1, { error: "Enter your full name." }).max(100),
  email,
  phoneNumber,
  password,
});

export const PASSWORDS_DIFFER = "Passwords do not match";

export const SignupFormSchema = SignupSchema.extend({
  confirmPassword: z.string({ error: "Repeat your password." }),
  redirectTo: z.string().optional(),
}).refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], error: PASSWORDS_DIFFER });

export const LoginSchema = z.object({
  email,
  password: z.string({ error: "Enter your password." }).min(1, { error: "Enter your password." }).max(200),
  rememberMe: z.boolean().default(false),
  redirectTo: z.string().optional(),
});

export { type Role, dashboardPath } from "./roles";

export type SignupFormFields = z.input<typeof SignupFormSchema>;
export type LoginFields = z.input<typeof LoginSchema>;
