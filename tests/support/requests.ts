import { createUserSession } from "../../app/modules/auth/session.server";

// Driving route loaders and actions directly in integration tests: a cookie jar that keeps what
// responses set, form posts, and the { data, init } that React Router's data() returns.
export class CookieJar {
  private cookies = new Map<string, string>();

  constructor(initial: Record<string, string> = {}) {
    for (const [name, value] of Object.entries(initial)) this.cookies.set(name, value);
  }

  /** Keeps the cookies a response sets (and forgets the ones it expires). */
  take(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(";");
      const index = pair!.indexOf("=");
      const name = pair!.slice(0, index);
      const value = pair!.slice(index + 1);
      if (value === "" || /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(header)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return this;
  }

  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  request(url: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set("Cookie", this.header());
    return new Request(url, { ...init, headers });
  }
}

/** A jar holding a fresh session cookie for the user. */
export async function signedInJar(userId: number) {
  return new CookieJar().take(
    new Response(null, { headers: { "Set-Cookie": await createUserSession(userId, { persistent: false }) } }),
  );
}

export function formPost(fields: Record<string, string | boolean | undefined>): RequestInit {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) body.set(name, String(value));
  return { method: "POST", body };
}

export function jsonPost(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "Content-Type": "application/json", ...headers },
  };
}

type DataWithInit = {
  data: {
    result: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> };
    toast: { type: string; message: string; description?: string };
  };
  status: number;
};

/** What an action returned with data(…, { status }): its body and status. */
export function dataResult(value: unknown): DataWithInit {
  const result = value as { type?: string; data: DataWithInit["data"]; init?: { status?: number } | null };
  if (result?.type !== "DataWithResponseInit")
    throw new Error(
      `expected data(…), got ${value instanceof Response ? `a ${value.status} response` : JSON.stringify(value)}`,
    );
  return { data: result.data, status: result.init?.status ?? 200 };
}
