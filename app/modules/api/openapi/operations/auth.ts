import { z } from "zod";

import type { signupAnswer, toApiUser } from "../../../auth/api-user";
import {
  AccountLinkSchema,
  ChangePasswordSchema,
  ForgotPasswordSchema,
  LoginSchema,
  ResetPasswordSchema,
  SignupSchema,
} from "../../../auth/schemas";
import { type ApiOperation, documents } from "../registry";

export const ApiUserSchema = documents<ReturnType<typeof toApiUser>>()(
  z
    .object({
      email: z.string(),
      userType: z.enum(["admin", "vendor", "buyer"]),
      fullName: z.string(),
      phoneNumber: z.string(),
      emailVerified: z.boolean().meta({
        description:
          "Whether the owner has confirmed the address (the link mailed at sign-up). Until then, enquiries and projects found by that address are not linked to the account.",
      }),
    })
    .meta({
      id: "User",
      example: {
        email: "ann@example.com",
        userType: "vendor",
        fullName: "Ann Example",
        phoneNumber: "07700 900123",
        emailVerified: true,
      },
    }),
);

const MessageSchema = z.object({ message: z.string() });
const emailedLink = "The token is the `token` query parameter of the link that was emailed.";

const tooMany = "Too many attempts from this address; wait for the number of seconds in Retry-After.";

export const authOperations: ApiOperation[] = [
  {
    operationId: "signUp",
    method: "post",
    path: "/auth/signup",
    tag: "Accounts",
    summary: "Create a buyer or vendor account",
    description:
      'Creates a buyer (`userType: "buyer"`) or vendor (home seller; the default when `userType` is left out) account and emails a link to confirm the address. It does not sign in, and the account can sign in (/auth/signin) only once the address is confirmed (POST /auth/verify-email with the token from the link, or a password reset). The answer is the same when the address already has an account (nothing is created, and its owner is emailed instead), so that it never tells who has an account; `user` repeats the details sent.',
    access: "public",
    body: {
      schema: SignupSchema,
      example: {
        fullName: "Ann Example",
        email: "ann@example.com",
        phoneNumber: "07700 900123",
        password: "a long password",
        userType: "buyer",
      },
    },
    responses: {
      201: {
        description: "Signed up (or the address already had an account).",
        schema: documents<ReturnType<typeof signupAnswer>>()(z.object({ message: z.string(), user: ApiUserSchema })),
      },
    },
    errors: {
      400: "A field is missing or not valid (see errors).",
      413: "The body is over 64 KB.",
      415: "The body is not JSON.",
      429: tooMany,
    },
  },
  {
    operationId: "signIn",
    method: "post",
    path: "/auth/signin",
    tag: "Accounts",
    summary: "Sign in (session cookie)",
    description:
      "Checks the email and password of an account whose address is confirmed, and answers with a `__session` cookie (HttpOnly, SameSite=Lax) that authenticates the following calls. `rememberMe` keeps it for 30 days; otherwise it ends with the browser session (12 hours at most). It also sets a `__device` cookie: a client that sends it back when it signs in again is not slowed down by other people's failed attempts on the account. External systems should prefer an API token.",
    access: "public",
    body: {
      schema: LoginSchema,
      // No real password: the demo accounts' are made for each installation and shown only in its start-up banner.
      example: { email: "jo.bloggs@example.com", password: "the password you chose", rememberMe: false },
    },
    responses: {
      200: {
        description: "Signed in; the Set-Cookie header carries the session.",
        schema: z.object({ message: z.string(), user: ApiUserSchema }),
        headers: { "Set-Cookie": "__session=…; Path=/; HttpOnly; SameSite=Lax" },
      },
    },
    errors: {
      400: "A field is missing or not valid.",
      401: "The email or password is wrong, or the address is not confirmed yet (one answer for both, so that it never tells whether an address has an account).",
      413: "The body is over 64 KB.",
      415: "The body is not JSON.",
      429: tooMany,
    },
  },
  {
    operationId: "signOut",
    method: "post",
    path: "/auth/logout",
    tag: "Accounts",
    summary: "Sign out",
    description: "Ends the session on the server and clears the cookie. Harmless when signed out.",
    access: "public",
    responses: { 200: { description: "Signed out.", schema: z.object({ message: z.string() }) } },
    errors: {},
  },
  {
    operationId: "currentUser",
    method: "get",
    path: "/auth/me",
    tag: "Accounts",
    summary: "The signed-in account",
    access: "signed-in",
    responses: { 200: { description: "The account the cookie or token belongs to.", schema: ApiUserSchema } },
    errors: { 401: "Signed out, or the token is unknown, revoked, or no longer valid for its owner." },
  },
  {
    operationId: "verifyEmail",
    method: "post",
    path: "/auth/verify-email",
    tag: "Accounts",
    summary: "Confirm an email address",
    description: `Uses the link mailed at sign-up (or sent again), once, within 48 hours; no sign-in needed. ${emailedLink} The web page /verify-email?token=… does the same.`,
    access: "public",
    body: { schema: AccountLinkSchema, example: { token: "Zk3vQ9mWb2xYtR7pLs4NcH8dJf1KgA6eUo5iVzT0qXw" } },
    responses: {
      200: {
        description: "The address is confirmed.",
        schema: z.object({ message: z.string(), emailVerified: z.literal(true) }),
      },
    },
    errors: {
      400: "The token is missing, unknown, expired or already used.",
      413: "The body is over 64 KB.",
      415: "The body is not JSON.",
      429: tooMany,
    },
  },
  {
    operationId: "resendVerification",
    method: "post",
    path: "/auth/resend-verification",
    tag: "Accounts",
    summary: "Email a new confirmation link",
    description:
      "Sends the signed-in account a new link to confirm its address (three an hour at most). An account signs in only once its address is confirmed, so this serves sessions made before that rule.",
    access: "signed-in",
    responses: { 202: { description: "The link is on its way.", schema: MessageSchema } },
    errors: {
      401: "Signed out.",
      409: "The address is already confirmed.",
      429: "Three links were sent in the last hour; wait for the number of seconds in Retry-After.",
    },
  },
  {
    operationId: "forgotPassword",
    method: "post",
    path: "/auth/forgot-password",
    tag: "Accounts",
    summary: "Email a password reset link",
    description:
      "Emails a link to choose a new password (it works once, for an hour) when an account uses the address. The answer is the same whether or not one does.",
    access: "public",
    body: { schema: ForgotPasswordSchema, example: { email: "ann@example.com" } },
    responses: {
      202: { description: "If an account uses the address, the link is on its way.", schema: MessageSchema },
    },
    errors: {
      400: "The email is missing or not valid.",
      413: "The body is over 64 KB.",
      415: "The body is not JSON.",
      429: tooMany,
    },
  },
  {
    operationId: "resetPassword",
    method: "post",
    path: "/auth/reset-password",
    tag: "Accounts",
    summary: "Choose a new password with an emailed link",
    description: `Sets a new password. ${emailedLink} Every session and API token of the account ends, and the address counts as confirmed. Sign in again with /auth/signin.`,
    access: "public",
    body: {
      schema: ResetPasswordSchema,
      example: { token: "Zk3vQ9mWb2xYtR7pLs4NcH8dJf1KgA6eUo5iVzT0qXw", password: "a new long password" },
    },
    responses: { 200: { description: "The password is changed.", schema: MessageSchema } },
    errors: {
      400: "The token is unknown, expired or already used, or the password is not valid (see errors).",
      413: "The body is over 64 KB.",
      415: "The body is not JSON.",
      429: tooMany,
    },
  },
  {
    operationId: "changePassword",
    method: "post",
    path: "/auth/change-password",
    tag: "Accounts",
    summary: "Change the password",
    description:
      "Changes the signed-in account's password; the current one is needed. Every other session ends (the one making the call stays signed in), every API token of the account is revoked (one making the call included), and password reset and unlock links emailed before stop working.",
    access: "signed-in",
    body: {
      schema: ChangePasswordSchema,
      example: { currentPassword: "a long password", newPassword: "a new long password" },
    },
    responses: { 200: { description: "The password is changed.", schema: MessageSchema } },
    errors: {
      400: "The current password is wrong, or the new one is not valid (see errors).",
      401: "Signed out.",
      413: "The body is over 64 KB.",
      415: "The body is not JSON.",
      429: "Too many wrong passwords; wait for the number of seconds in Retry-After.",
    },
  },
];
