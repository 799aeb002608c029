// A stand-in for api.stripe.com on a local port, for tests: the real `stripe` library talks to it
// (STRIPE_API_BASE sets its host, port and protocol), so the requests it sends can be asserted and
// the answers scripted. Nothing reaches the internet. It answers the calls the app makes: payment
// intents (create, retrieve, cancel), refunds, Checkout Sessions and Identity VerificationSessions.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach } from "vitest";

import { reloadEnv } from "../../app/lib/env.server";
import { resetIdentityProviders } from "../../app/modules/compliance/identity/index.server";
import { resetProviders } from "../../app/modules/payments/providers/index.server";

export const FAKE_WEBHOOK_SECRET = "whsec_test_fake_signing_secret";

export type FakeRequest = { method: string; path: string; headers: IncomingHttpHeaders; form: Record<string, string> };

type Json = Record<string, unknown>;

export function setupFakeStripe() {
  const requests: FakeRequest[] = [];
  const intents = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const verifications = new Map<string, Json>();
  const replies = new Map<string, Json>();
  let counter = 0;
  /** When set, the next calls answer with this HTTP status and a Stripe API error. */
  let failWith: number | null = null;

  const charge = (card = { brand: "visa", last4: "4242" }) => ({
    id: `ch_fake_${++counter}`,
    object: "charge",
    payment_method_details: { type: "card", card },
  });

  function answer(method: string, path: string, query: URLSearchParams, form: Record<string, string>): [number, Json] {
    const expand = [...query.entries(), ...Object.entries(form)]
      .filter(([key]) => key.startsWith("expand"))
      .map(([, value]) => value);
    // Intents keep their charge as an object; unless it is expanded, Stripe answers with its id.
    const expanded = (intent: Json) => {
      const charge = intent.latest_charge as Json | null;
      return !charge || expand.some((e) => e.endsWith("latest_charge"))
        ? intent
        : { ...intent, latest_charge: charge.id };
    };
    let match: RegExpExecArray | null;
    if (method === "POST" && path === "/v1/payment_intents") {
      const id = `pi_fake_${++counter}`;
      const intent: Json = {
        id,
        object: "payment_intent",
        amount: Number(form.amount),
        currency: form.currency,
        description: form.description ?? null,
        metadata: { bookingId: form["metadata[bookingId]"] },
        status: "requires_payment_method",
        client_secret: `${id}_secret_fake`,
        latest_charge: null,
        last_payment_error: null,
      };
      intents.set(id, intent);
      return [200, intent];
    }
    if (method === "GET" && (match = /^\/v1\/payment_intents\/([\w-]+)$/.exec(path))) {
      const intent = intents.get(match[1]!);
      return intent ? [200, expanded(intent)] : notFound();
    }
    if (method === "POST" && (match = /^\/v1\/payment_intents\/([\w-]+)\/cancel$/.exec(path))) {
      const intent = intents.get(match[1]!);
      if (!intent) return notFound();
      intent.status = "canceled";
      return [200, intent];
    }
    if (method === "POST" && path === "/v1/refunds") {
      return [
        200,
        {
          id: `re_fake_${++counter}`,
          object: "refund",
          status: "succeeded",
          payment_intent: form.payment_intent,
          amount: intents.get(form.payment_intent!)?.amount,
        },
      ];
    }
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const id = `cs_test_fake_${++counter}`;
      const session: Json = {
        id,
        object: "checkout.session",
        url: `https://checkout.stripe.com/c/pay/${id}`,
        payment_status: "unpaid",
        payment_intent: null,
        amount_total: Number(form["line_items[0][price_data][unit_amount]"]),
        currency: form["line_items[0][price_data][currency]"],
        metadata: { bookingId: form["metadata[bookingId]"] },
      };
      sessions.set(id, session);
      return [200, session];
    }
    if (method === "GET" && (match = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(path))) {
      const session = sessions.get(match[1]!);
      if (!session) return notFound();
      const intent = typeof session.payment_intent === "string" ? intents.get(session.payment_intent) : null;
      return [
        200,
        intent && expand.some((e) => e.startsWith("payment_intent"))
          ? { ...session, payment_intent: expanded(intent) }
          : session,
      ];
    }
    if (method === "POST" && path === "/v1/identity/verification_sessions") {
      const id = `vs_fake_${++counter}`;
      const session: Json = {
        id,
        object: "identity.verification_session",
        type: form.type,
        status: "requires_input",
        url: `https://verify.stripe.com/start/${id}`,
        return_url: form.return_url ?? null,
        metadata: { checkId: form["metadata[checkId]"] },
        last_error: null,
        verified_outputs: null,
      };
      verifications.set(id, session);
      return [200, session];
    }
    if (method === "GET" && (match = /^\/v1\/identity\/verification_sessions\/([\w-]+)$/.exec(path))) {
      const session = verifications.get(match[1]!);
      return session ? [200, session] : notFound();
    }
    return notFound();
  }

  const notFound = (): [number, Json] => [
    404,
    { error: { type: "invalid_request_error", message: "Unrecognized request URL" } },
  ];

  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const form = Object.fromEntries(new URLSearchParams(body));
      requests.push({ method: req.method ?? "GET", path: url.pathname, headers: req.headers, form });
      const key = req.headers["idempotency-key"];
      let status: number;
      let json: Json;
      if (failWith) {
        [status, json] = [failWith, { error: { type: "api_error", message: "The fake Stripe is down." } }];
      } else if (typeof key === "string" && replies.has(key)) {
        [status, json] = [200, replies.get(key)!];
      } else {
        [status, json] = answer(req.method ?? "GET", url.pathname, url.searchParams, form);
        if (typeof key === "string" && status === 200) replies.set(key, json);
      }
      res.writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_fake_${requests.length}` });
      res.end(JSON.stringify(json));
    });
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    Object.assign(process.env, {
      STRIPE_SECRET_KEY: "sk_test_fake_secret_key",
      STRIPE_PUBLISHABLE_KEY: "pk_test_fake_publishable_key",
      STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
      STRIPE_API_BASE: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    });
    reloadEnv();
    resetProviders();
    resetIdentityProviders();
  });
  beforeEach(() => {
    counter = 0;
    requests.length = 0;
    intents.clear();
    sessions.clear();
    verifications.clear();
    replies.clear();
    failWith = null;
  });
  afterAll(async () => {
    for (const name of ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_API_BASE"])
      delete process.env[name];
    reloadEnv();
    resetProviders();
    resetIdentityProviders();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  return {
    requests,
    intents,
    verifications,
    /** The person finished Stripe Identity's checks: their document and selfie matched. */
    verifyIdentity(id: string, outputs: { firstName: string; lastName: string; withAddress: boolean }) {
      return Object.assign(verifications.get(id)!, {
        status: "verified",
        verified_outputs: {
          first_name: outputs.firstName,
          last_name: outputs.lastName,
          address: outputs.withAddress
            ? { line1: "12 Granby Street", city: "Leicester", postal_code: "LE1 6EJ", country: "GB" }
            : null,
        },
      });
    },
    /** Stripe Identity could not verify the person (the session goes back to requires_input with an error). */
    failIdentity(id: string, reason = "The document was expired.") {
      return Object.assign(verifications.get(id)!, {
        status: "requires_input",
        last_error: { code: "document_expired", reason },
      });
    },
    /** What Stripe does when the customer's card is charged (in the browser, or on Checkout). */
    succeed(id: string, card?: { brand: string; last4: string }) {
      return Object.assign(intents.get(id)!, {
        status: "succeeded",
        latest_charge: charge(card),
        last_payment_error: null,
      });
    },
    decline(id: string, message = "Your card was declined.") {
      return Object.assign(intents.get(id)!, {
        status: "requires_payment_method",
        last_payment_error: { type: "card_error", code: "card_declined", message },
      });
    },
    /** The customer pays on the Checkout page: Stripe makes a succeeded intent for the session. */
    payCheckoutSession(sessionId: string) {
      const session = sessions.get(sessionId)!;
      const id = `pi_fake_${++counter}`;
      intents.set(id, {
        id,
        object: "payment_intent",
        amount: session.amount_total,
        currency: session.currency,
        metadata: session.metadata,
        status: "succeeded",
        client_secret: `${id}_secret_fake`,
        latest_charge: charge({ brand: "mastercard", last4: "4444" }),
        last_payment_error: null,
      });
      Object.assign(session, { payment_status: "paid", payment_intent: id });
      return session;
    },
    failAllRequests(status: number | null) {
      failWith = status;
    },
  };
}

let eventCounter = 0;

/** A webhook delivery as Stripe sends it, signed with `secret` (the configured one unless a test forges it). */
export function signedWebhook(
  type: string,
  object: unknown,
  {
    id = `evt_fake_${++eventCounter}`,
    secret = FAKE_WEBHOOK_SECRET,
    timestamp,
  }: { id?: string; secret?: string; timestamp?: number } = {},
) {
  const payload = JSON.stringify({
    id,
    object: "event",
    type,
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });
  return { id, payload, signature };
}
