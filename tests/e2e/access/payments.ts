import { adminOnly, all, type Fixtures, type Manifest, signedIn } from "./types";

/** A listed demo home (no owner among the test identities, so only the admin may open its payment page). */
async function listedBookingId({ clients }: Fixtures) {
  const featured = (await (await clients.anonymous.get("/api/v1/properties/featured")).json()) as {
    data: { id: number }[];
  };
  return featured.data[0]!.id;
}

/** The shareable payment link, as an admin sees it on the payment page. */
async function paymentLinkPath(fixtures: Fixtures) {
  const html = await (await fixtures.clients.admin.get(`/payment/${await listedBookingId(fixtures)}`)).text();
  return /\/payment\/\d+\?token=[\w-]+/.exec(html)![0];
}

const ownerOrAdmin = { anonymous: 404, vendorA: 404, vendorB: 404, buyer: 404, admin: 200 };

export const payments: Manifest = {
  "payment/success": [{ expect: all(200) }],
  "payment/failed": [{ expect: all(200) }],
  "payment/:projectId": [
    { url: async (f) => `/payment/${await listedBookingId(f)}`, expect: ownerOrAdmin },
    { url: paymentLinkPath, expect: all(200) },
    { url: async (f) => `/payment/${await listedBookingId(f)}?token=guessed`, expect: ownerOrAdmin },
    { url: "/payment/999999", expect: all(404) },
    { url: "/payment/abc", expect: all(404) },
    {
      method: "POST",
      url: async (f) => `/payment/${await listedBookingId(f)}`,
      form: { intent: "pay" },
      expect: { ...ownerOrAdmin, admin: 403 },
    },
  ],
  "admin/payments": [
    { expect: adminOnly },
    {
      method: "POST",
      form: { paymentId: "none" },
      expect: { anonymous: 302, vendorA: 403, vendorB: 403, buyer: 403, admin: 302 },
    },
  ],
  "api/v1/stripe/create-payment-intent": [
    { method: "POST", data: {}, expect: all(400) },
    { method: "POST", data: { bookingId: 999999 }, expect: all(404) },
    { expect: all(405) },
  ],
  "api/v1/stripe/confirm-payment": [
    { method: "POST", data: {}, expect: all(400) },
    { method: "POST", data: { paymentIntentId: "pi_unknown" }, expect: all(404) },
    { expect: all(405) },
  ],
  "api/v1/stripe/payment-history": [
    { expect: { ...signedIn(200, 401), buyer: 403 } },
    { method: "POST", expect: all(405) },
  ],
  "api/v1/stripe/payment-history/:bookingId": [
    {
      url: async (f) => `/api/v1/stripe/payment-history/${await listedBookingId(f)}`,
      expect: { ...ownerOrAdmin, anonymous: 401 },
    },
    { method: "POST", url: "/api/v1/stripe/payment-history/1", expect: all(405) },
  ],
  // The e2e server runs the sandbox: there is no Stripe to send webhooks.
  "api/v1/stripe/webhook": [{ method: "POST", data: {}, expect: all(404) }, { expect: all(405) }],
};
