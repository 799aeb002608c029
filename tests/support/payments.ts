// Accounts, projects and requests for the payment tests.
import { prisma } from "../../app/lib/db.server";
import { createUserSession } from "../../app/modules/auth/session.server";

export const TEST_CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "737", postcode: "LE2 6BF" };

let counter = 0;

export async function account(role: "vendor" | "admin", name = role === "admin" ? "Ada Admin" : "Ann Seller") {
  counter += 1;
  const user = await prisma.user.create({
    data: { email: `${role}${counter}@example.com`, fullName: name, passwordHash: "not used", role },
  });
  const session = await createUserSession(user.id, { persistent: false });
  return { ...user, cookie: session.split(";")[0]! };
}

/** A booking ready to pay: its contract is signed (a booking is paid for only after that), unless `signed` is false. */
export async function projectOf(
  owner: { id: number; email: string; fullName: string } | null,
  address = "42 Welford Road, Leicester LE2 6BF",
  { signed = true } = {},
) {
  return prisma.project.create({
    data: {
      address,
      price: 299_950,
      propertyType: "Semi-Detached",
      ownerId: owner?.id ?? null,
      vendorName: owner?.fullName ?? "Cara Customer",
      vendorEmail: owner?.email ?? "cara@example.com",
      contractSignedAt: signed ? new Date() : null,
    },
  });
}

/** A request as a browser or API client sends it: a form, a JSON body, or nothing. */
export function request(
  path: string,
  {
    cookie,
    form,
    json,
    method,
  }: { cookie?: string; form?: Record<string, string>; json?: unknown; method?: string } = {},
) {
  const headers = new Headers(cookie ? { Cookie: cookie } : {});
  let body: BodyInit | undefined;
  if (form) body = new URLSearchParams(form);
  if (json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(json);
  }
  return new Request(`http://localhost${path}`, { method: method ?? (body ? "POST" : "GET"), headers, body });
}

export const routeArgs = (req: Request, params: Record<string, string> = {}) =>
  ({ request: req, params, context: { clientIp: "203.0.113.9" } }) as never;

/** What a loader or action gave back: a Response (redirects, JSON) or React Router's data() wrapper. */
export function unwrap(result: unknown): { status: number; data: unknown; location: string | null } {
  if (result instanceof Response)
    return { status: result.status, data: null, location: result.headers.get("Location") };
  const wrapped = result as { type?: string; data?: unknown; init?: { status?: number } | null };
  if (wrapped?.type === "DataWithResponseInit")
    return { status: wrapped.init?.status ?? 200, data: wrapped.data, location: null };
  return { status: 200, data: result, location: null };
}

/** Runs a loader or action that may throw a response (404 page, redirect) and returns what came out either way. */
export async function settle(run: () => unknown) {
  try {
    return unwrap(await run());
  } catch (thrown) {
    return unwrap(thrown);
  }
}
