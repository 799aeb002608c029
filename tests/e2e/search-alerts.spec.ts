// The buyer's alert journey, with JavaScript on and off: sign up, confirm the address from the emailed link,
// save a search from the results (signed out: log in, then finish the save), then an admin lists a matching
// home and cuts another's price; one alert email arrives with both and one-click unsubscribe headers, a later
// email does not repeat them, and the emailed unsubscribe link works signed out (and as a mail client's POST).
import { expect, test } from "@playwright/test";

import { expectAccessible } from "./support/a11y";
import { apiContext, apiSession, DEMO_ADMIN, logInThroughForm, newBuyer, signUpThroughForm } from "./support/accounts";
import { MAIL_WAIT_MS, mailedLink, outboxFor } from "./support/mail";

/** The alert emails sent to `to`, oldest first: header lines unfolded, the body decoded (quoted-printable, UTF-8). */
function alertsFor(to: string) {
  return outboxFor(to).flatMap((raw) => {
    const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
    const headers = head.replace(/\r?\n[ \t]+/g, " ");
    if (!/^List-Unsubscribe:/m.test(headers)) return [];
    const bytes = rest
      .join("\n\n")
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return [{ headers, body: Buffer.from(bytes, "latin1").toString("utf8") }];
  });
}

test("a saved search emails a newly listed home and a price cut once, and its link unsubscribes", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const stamp = `${Date.now() % 1_000_000}`;
  const buyer = newBuyer("alerts");
  const admin = await apiSession(baseURL!, DEMO_ADMIN);
  const created: number[] = [];
  const createHome = async (street: string, price: number) => {
    const response = await admin.post("/api/v1/admin/projects/create", {
      data: {
        address: `${stamp} ${street}, Leicester`,
        postcode: "LE1 6EJ",
        price,
        property_type: "Terraced",
        bedrooms: 3,
        bathrooms: 1,
        vendor_name: "Alma Alert",
        vendor_email: "alma.alert@example.com",
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    const { id } = (await response.json()) as { id: number };
    created.push(id);
    return { id, address: `${stamp} ${street}, Leicester`, price };
  };
  const markListed = async (id: number) =>
    expect((await admin.put(`/api/v1/admin/projects/${id}/mark-completed`)).status()).toBe(200);
  /** Whether an instant-alerts run is waiting or running (the admin's view of the background jobs). */
  const instantAlertsPending = async () => {
    for (const state of ["created", "retry", "active"]) {
      const response = await admin.get(`/api/v1/admin/jobs?state=${state}&pageSize=100`);
      expect(response.status()).toBe(200);
      const { data } = (await response.json()) as { data: { queue: string }[] };
      if (data.some((job) => job.queue === "instant-alerts")) return true;
    }
    return false;
  };

  try {
    // Already on the market when the search is saved: only a price cut makes it news.
    const reduced = await createHome("Cut Price Street", 300_000);
    await markListed(reduced.id);
    const listed = await createHome("New Listing Lane", 260_000);
    const later = await createHome("Later Lane", 270_000);

    // Sign up and confirm the address (alerts go only to confirmed addresses).
    await page.goto("/signup");
    await signUpThroughForm(page, buyer);
    await expect(page).toHaveURL(/\/login$/);
    await expect.poll(() => mailedLink(buyer.email, "/verify-email"), { timeout: MAIL_WAIT_MS }).not.toBeNull();
    await page.goto(mailedLink(buyer.email, "/verify-email")!);
    await expect(page.getByRole("heading", { level: 1, name: /your email address is confirmed/i })).toBeVisible();

    // Signed out, save a search from the results: log in, and the save is there to finish.
    await page.goto("/property-search?postcode=LE1+6EJ&radius=1&minBeds=2");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("within 1 mile of");
    await page.getByText("Save this search and get emails about new homes").click();
    await page.getByLabel("Name").fill(`Near Granby ${stamp}`);
    await page.getByLabel("Email me new and reduced homes").selectOption("instant");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Save this search" }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
    await logInThroughForm(page, buyer);
    await expect(page).toHaveURL(/\/saved-searches\/new\?/);
    await expect(page.getByRole("heading", { level: 1, name: "Save this search" })).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue(`Near Granby ${stamp}`);
    await expect(page.getByLabel("Email me new and reduced homes")).toHaveValue("instant");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Save this search" }).click();
    await expect(page).toHaveURL(/\/saved-searches$/);
    await expect(page.getByText("Search saved.")).toBeVisible();
    const card = page.getByRole("article", { name: `Near Granby ${stamp}` });
    await expect(card).toContainText("within 1 mile of");
    await expect(card).toContainText("Emails: Instantly");
    await expect(card.getByRole("link", { name: /Run search/ })).toHaveAttribute(
      "href",
      /\/property-search\?postcode=LE1\+6EJ&radius=1/,
    );
    await expectAccessible(page);

    // And a home, saved from its page.
    await page.goto(`/view-properties/${reduced.id}`);
    await page.getByRole("button", { name: new RegExp(`^Save ${stamp} Cut Price Street`) }).click();
    await expect(page.getByRole("button", { name: new RegExp(`^Saved ${stamp} Cut Price Street`) })).toBeVisible();

    // The admin lists one home and cuts the other's price, a moment apart: one email has both. The run that
    // listing the first home asked for (ALERT_DELAY_SECONDS after it) must be over first, or it could go between
    // the two and carry the listing alone: on a quick run, without JavaScript, the steps above take under 3 s.
    await expect.poll(instantAlertsPending, { timeout: MAIL_WAIT_MS }).toBe(false);
    await markListed(listed.id);
    const cut = await admin.put(`/api/v1/admin/projects/${reduced.id}`, {
      data: {
        address: reduced.address,
        postcode: "LE1 6EJ",
        price: 285_000,
        property_type: "Terraced",
        bedrooms: 3,
        bathrooms: 1,
      },
    });
    expect(cut.status(), await cut.text()).toBe(200);
    await expect.poll(() => alertsFor(buyer.email).length, { timeout: MAIL_WAIT_MS }).toBe(1);
    const first = alertsFor(buyer.email)[0]!;
    expect(first.body).toContain(listed.address);
    expect(first.body).toContain(reduced.address);
    expect(first.body).toContain("Reduced from £300,000");
    expect(first.body).toContain("/saved-searches");
    expect(first.headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const unsubscribe = /^List-Unsubscribe: <https?:\/\/[^/]+(\/alerts\/unsubscribe\?token=[\w-]+)>$/m.exec(
      first.headers,
    )![1]!;
    expect(first.body).toContain(unsubscribe);

    // The saved home says what changed since it was saved.
    await page.goto("/saved-homes");
    await expect(page.getByText("Price reduced from £300,000 to £285,000")).toBeVisible();

    // The next news comes alone: the homes already sent are not repeated.
    await markListed(later.id);
    await expect.poll(() => alertsFor(buyer.email).length, { timeout: MAIL_WAIT_MS }).toBe(2);
    const second = alertsFor(buyer.email)[1]!.body;
    expect(second).toContain(later.address);
    expect(second).not.toContain(listed.address);
    expect(second).not.toContain(reduced.address);

    // The emailed link works signed out: it asks, and the button stops the emails.
    await page.context().clearCookies();
    await page.goto(unsubscribe);
    await expect(page.getByRole("heading", { level: 1, name: "Stop these alerts?" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "You are unsubscribed" })).toBeVisible();
    await expect(page.getByText(`You will no longer get alerts for “Near Granby ${stamp}”.`)).toBeVisible();
    await expectAccessible(page);

    // A mail client's one-click unsubscribe (RFC 8058): a POST with no cookie and no page.
    const mailClient = await apiContext(baseURL!);
    const oneClick = await mailClient.post(unsubscribe, { form: { "List-Unsubscribe": "One-Click" } });
    expect(oneClick.status()).toBe(200);
    await mailClient.dispose();
    expect((await page.goto("/alerts/unsubscribe?token=1-forged"))?.status()).toBe(400);
  } finally {
    // Listed homes would show in the public listing tests that follow.
    for (const id of created) await admin.delete(`/api/v1/admin/projects/${id}`);
    await admin.dispose();
  }
});
