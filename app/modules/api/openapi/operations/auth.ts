import { z } from "zod";
import type { toApiUser } from "../../../auth/api-user";
import { LoginSchema, SignupSchema } from "../../../auth/schemas";
import { type ApiOperation, documents } from "../registry";

export const ApiUserSchema = documents<ReturnType<typeof toApiUser>>()(
  z
    .object({
      email: z.string(),
      userType: z.enum(["admin", "vendor"]),
      fullName: z.string(),
      phoneNumber: z.string(),
    })
    .meta({ id: "User", example: { email: "ann@example.com", userType: "vendor", fullName: "Ann Example", phoneNumber: "07700 900123" } }),
);

const tooMany = "Too many attempts from this address; wait for the number of seconds in Retry-After.";

export const authOperations: ApiOperation[] = [
  {
    operationId: "signUp",
    method: "post",
    path: "/auth/signup",
    tag: "Accounts",
    summary: "Create a vendor account",
    description: "Creates a vendor (home seller) account. It does not sign in: call /auth/signin next.",
    access: "public",
    body: { schema: SignupSchema, example: { fullName: "Ann Example", email: "ann@example.com", phoneNumber: "07700 900123", password: "a long password" } },
    responses: { 201: { description: "The account was created.", schema: z.object({ message: z.string(), user: ApiUserSchema }) } },
    errors: { 400: "A field is missing or not valid (see errors).", 409: "An account with this email already exists.", 413: "The body is over 64 KB.", 415: "The body is not JSON.", 429: tooMany },
  },
  {
    operationId: "signIn",
    method: "post",
    path: "/auth/signin",
    tag: "Accounts",
    summary: "Sign in (session cookie)",
    description:
      "Checks the email and password and answers with a `__session` cookie (HttpOnly, SameSite=Lax) that authenticates the following calls. `rememberMe` keeps it for 30 days; otherwise it ends with the browser session (12 hours at most). External systems should prefer an API token.",
    access: "public",
    body: { schema: LoginSchema, example: { email: "admin@demo.movewise.test", password: "demo-admin-2026", rememberMe: false } },
    responses: { 200: { description: "Signed in; the Set-Cookie header carries the session.", schema: z.object({ message: z.string(), user: ApiUserSchema }), headers: { "Set-Cookie": "__session=…; Path=/; HttpOnly; SameSite=Lax" } } },
    errors: { 400: "A field is missing or not valid.", 401: "The email or password is wrong.", 413: "The body is over 64 KB.", 415: "The body is not JSON.", 429: tooMany },
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
    errors: { 401: "Signed out, or the token is unknown or revoked." },
  },
];
