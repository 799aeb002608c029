// The account payloads, shared by the forms (client and server) and the /api/v1/auth endpoints.
import { z } from "zod";

import { emailAddress as email, lineOfText, NOT_BLANK, phoneNumber } from "../../lib/fields";
import { SIGNUP_USER_TYPES } from "./roles";

const password = z
  .string({ error: "Enter a password." })
  .min(8, { error: "Use at least 8 characters." })
  .max(200, { error: "Use at most 200 characters." });

export const SignupSchema = z.object({
  fullName: lineOfText("Enter your full name.").min(1, { error: "Enter your full name." }).max(100).meta(NOT_BLANK),
  email,
  phoneNumber,
  password,
  // "Are you buying or selling?": unanswered means selling, so the specification's sign-up (without the
  // question) still makes a vendor. Admins are never made by signing up.
  userType: z
    .enum(SIGNUP_USER_TYPES, { error: "Choose buying or selling." })
    .default("vendor")
    .meta({ description: "buyer or vendor (the default). Admin accounts cannot be made by signing up." }),
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

export const ForgotPasswordSchema = z.object({ email });

/** The token of an emailed link (verification, password reset, unlock), as the page or API client got it. */
const linkToken = z
  .string({ error: "This link is not complete: open it again from the email." })
  .min(20, { error: "This link is not complete: open it again from the email." })
  .max(100, { error: "This link is not complete: open it again from the email." });

export const AccountLinkSchema = z.object({ token: linkToken });

export const ResetPasswordSchema = z.object({ token: linkToken, password });

export const ResetPasswordFormSchema = ResetPasswordSchema.extend({
  confirmPassword: z.string({ error: "Repeat your password." }),
}).refine((v) => v.password === v.confirmPassword, {
  path: ["confirmPassword"],
  error: PASSWORDS_DIFFER,
});

export const ChangePasswordSchema = z.object({
  currentPassword: z
    .string({ error: "Enter your current password." })
    .min(1, { error: "Enter your current password." })
    .max(200),
  newPassword: password,
});

export const ChangePasswordFormSchema = ChangePasswordSchema.extend({
  confirmPassword: z.string({ error: "Repeat your new password." }),
}).refine((v) => v.newPassword === v.confirmPassword, { path: ["confirmPassword"], error: PASSWORDS_DIFFER });

export { dashboardPath, type Role } from "./roles";

export type SignupFormFields = z.input<typeof SignupFormSchema>;
export type LoginFields = z.input<typeof LoginSchema>;
export type ForgotPasswordFields = z.input<typeof ForgotPasswordSchema>;
export type ResetPasswordFormFields = z.input<typeof ResetPasswordFormSchema>;
export type ChangePasswordFormFields = z.input<typeof ChangePasswordFormSchema>;
