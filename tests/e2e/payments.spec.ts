// Card payments through the sandbox (the e2e server has no Stripe keys), with JavaScript on and off: a
// new vendor's whole way from a new project through the contract to 'Paid', declines, 3-D Secure, the
// shared payment link, and the demo vendor's seeded projects.
import { type Browser, expect, type Page, test } from "@playwright/test";

import { expectAccessible } from "./support/a11y";
import { apiSession, DEMO_ADMIN, DEMO_VENDOR, logInThroughForm, newVendor } from "./support/accounts";
import { signOnPage, signOverHttp } from "./support/contract";
import { outboxFor } from "./support/mail";

const AWAITING_PAYMENT = "Flat 2, 18 Westcotes Drive, Leicester LE3 0LS";
const PAID_IN_SEED = ["42 Welford Road, Leicester LE2 6BF", "7 Caxton Street, Market Harborough LE16 8AL"];

const javaScriptOn = () => test.info().project.use.javaScriptEnabled !== false;
const uniqueAddress = (street: string) => `${(Date.now() % 9000) + 100} ${street}, Leicester`;

async function logIn(page: Page, who: { email: string; password: string }, landing: RegExp) {
  await page.goto("/login");
  await logInThroughForm(page, who);
  await expect(page).toHaveURL(landing);
}

/** A new vendor, signed in on `page`, with one project created over the API and its contract signed. */
async function vendorWithSignedProject(page: Page, street: string) {
  const vendor = newVendor("payer");
  const api = await apiSession(test.info().project.use.baseURL!, vendor, { signUp: true });
  const address = uniqueAddress(street);
  const created = await api.post("/api/v1/vendor/bookings", {
    data: { address, postcode: "LE1 6EJ", price: 250000, property_type: "Terraced" },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await signOverHttp(api, id, vendor.fullName);
  await api.dispose();
  await logIn(page, vendor, /\/vendor-propertylisting$/);
  return { vendor, id, address };
}

async function payWith(page: Page, cardNumber: string) {
  await page.getByLabel("Card number").fill(cardNumber);
  await page.getByLabel("Expiry date").fill("12 / 34");
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByLabel("Postcode").fill("LE1 6EJ");
  await page.getByRole("button", { name: "Pay £1,794.00" }).click();
}

async function asAdmin(browser: Browser, baseURL: string, act: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: javaScriptOn() });
  const page = await context.newPage();
  await logIn(page, DEMO_ADMIN, /\/admin-propertylisting$/);
  await act(page);
  await context.close();
}

test.describe("card payments in the sandbox", () => {
  test("a new vendor creates a project, signs the contract, is declined, then pays the package price despite a tampered amount; 'Paid' everywhere", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    const vendor = newVendor("journey");
    await (await apiSession(baseURL!, vendor, { signUp: true })).dispose();
    await logIn(page, vendor, /\/vendor-propertylisting$/);
    const address = uniqueAddress("Narborough Road");

    // A new project, through the form.
    await page.getByRole("link", { name: "+ Create Property" }).first().click();
    await page.getByLabel("Address").fill(address);
    await page.getByLabel("Postcode", { exact: true }).fill("LE3 0AA");
    await page.getByLabel("Asking price").fill("210,000");
    await page.getByLabel("Property type").selectOption("Terraced");
    await page.getByRole("button", { name: "Continue to the contract" }).click();
    await expect(page).toHaveURL(/\/sign-contract\/\d+$/);
    const id = Number(/\/sign-contract\/(\d+)$/.exec(page.url())![1]);

    // Paying first is refused: the contract comes first, and the page says where to sign it.
    await page.goto(`/payment/${id}`);
    const notice = page
      .getByRole("alert")
      .filter({ hasText: "Please sign the contract for this property before you pay." });
    await expect(notice).toBeVisible();
    await expect(page.getByLabel("Card number")).toHaveCount(0);
    await expectAccessible(page);
    await notice.getByRole("link", { name: "Sign the contract" }).click();
    await expect(page).toHaveURL(new RegExp(`/sign-contract/${id}$`));
    await signOnPage(page, { javaScript: javaScriptOn() });

    // The payment page, now with the card form.
    await expect(page).toHaveURL(new RegExp(`/payment/${id}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Pay for your selling package" })).toBeVisible();
    const summary = page.getByRole("region", { name: "Order Summary" });
    await expect(summary.getByText(vendor.fullName)).toBeVisible();
    await expect(summary.getByText(address)).toBeVisible();
    await expect(summary.getByText(vendor.email)).toBeVisible();
    await expect(summary.getByText("£1,794.00", { exact: true })).toBeVisible();
    await expect(summary.getByText(/Signed on \d/)).toBeVisible();
    await expect(summary.getByLabel("Payment Link")).toHaveValue(new RegExp(`/payment/${id}\\?token=[\\w-]+$`));
    await expect(page.getByText("Sandbox: no money moves.")).toBeVisible();
    await expectAccessible(page);

    // Declined: the message above the card field, the postcode kept, the card number not.
    await payWith(page, "4000 0000 0000 0002");
    await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
    await expect(page.getByLabel("Postcode")).toHaveValue("LE1 6EJ");
    if (!javaScriptOn()) await expect(page.getByLabel("Card number")).toHaveValue("");
    await expectAccessible(page);

    // Whatever amount a tampered form sends, the package price is charged.
    let tampered = 0;
    await page.route(`**/payment/${id}*`, (route) => {
      if (route.request().method() !== "POST") return route.continue();
      tampered += 1;
      return route.continue({ postData: `${route.request().postData()}&amount=0.5&amountPence=50&totalPence=50` });
    });
    await payWith(page, "4242 4242 4242 4242");
    await expect(page.getByRole("heading", { level: 1, name: "Payment Successful!" })).toBeVisible();
    await expect(page.getByText("We have emailed you a confirmation with your VAT receipt.")).toBeVisible();
    await expect(page.getByText("Visa ending 4242")).toBeVisible();
    await expect(page.getByText("£1,794.00")).toBeVisible();
    await expectAccessible(page);
    await page.unrouteAll();
    expect(tampered).toBe(1);
    const history = await (await page.request.get(`/api/v1/stripe/payment-history/${id}`)).json();
    expect(history).toMatchObject({ success: true, paid: true });
    expect(
      history.data.map((p: { status: string; amountPence: number; cardLast4: string }) => [
        p.status,
        p.amountPence,
        p.cardLast4,
      ]),
    ).toEqual([
      ["completed", 179_400, "4242"],
      ["failed", 179_400, "0002"],
    ]);
    await expect
      .poll(
        () =>
          outboxFor(vendor.email).filter((mail) =>
            /^Subject: Payment received - your VAT receipt MW-\d{6}\r?$/m.test(mail),
          ).length,
      )
      .toBe(1);

    // 'Paid' on the preview and on the dashboard.
    await page.getByRole("link", { name: "Back to my properties" }).click();
    await expect(page).toHaveURL(/\/vendor-propertylisting$/);
    await expect(
      page.getByRole("table", { name: "Your property projects" }).getByText(`Paid: ${address}`),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: `Pay Now for ${address}` })).toHaveCount(0);
    await expectAccessible(page);
    await page.goto(`/view-a-property/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: address })).toBeVisible();
    await expect(page.getByText("Paid", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Pay Now" })).toHaveCount(0);
    await page.goto(`/payment/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Your selling package is paid" })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Pay / })).toHaveCount(0);

    // The admin sees the failed and the completed payment, and refunds the completed one.
    await asAdmin(browser, baseURL!, async (admin) => {
      await admin.goto("/admin/payments");
      await expect(admin.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible();
      const rows = admin.getByRole("row").filter({ hasText: address });
      await expect(rows.filter({ hasText: "Failed" }).filter({ hasText: "Your card was declined." })).toHaveCount(1);
      const completed = rows.filter({ hasText: "Completed" });
      await expect(completed).toHaveCount(1);
      await expect(completed).toContainText("£1,794.00");
      await expectAccessible(admin);
      await completed.locator("summary", { hasText: "Refund" }).click();
      await completed.getByRole("button", { name: "Confirm refund" }).click();
      await expect(admin.getByText("Payment refunded.")).toBeVisible();
      await expect(rows.filter({ hasText: "Refunded" })).toHaveCount(1);
    });
  });

  test("a card that asks for 3-D Secure: failing the authentication ends on 'Payment Failed'; completing it pays", async ({
    page,
  }) => {
    const { id } = await vendorWithSignedProject(page, "Hinckley Road");
    await page.goto(`/payment/${id}`);
    await payWith(page, "4000 0025 0000 3155");
    await expect(page.getByRole("heading", { name: "Confirm this payment with your bank" })).toBeVisible();
    await expect(page.getByText("Your Visa ending 3155 asks you to confirm the payment of £1,794.00.")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Fail authentication" }).click();

    await expect(page.getByRole("heading", { level: 1, name: "Payment Failed" })).toBeVisible();
    await expect(page.getByText("We are unable to authenticate your payment method.", { exact: false })).toBeVisible();
    await expectAccessible(page);
    await expect(page.getByRole("link", { name: "Contact Support" })).toHaveAttribute("href", "/contact-us");
    await page.getByRole("link", { name: "Try Again" }).click();
    await expect(page).toHaveURL(/\/vendor-propertylisting$/);

    await page.getByRole("link", { name: /^Pay Now for / }).click();
    await expect(page).toHaveURL(new RegExp(`/payment/${id}$`));
    await payWith(page, "4000 0025 0000 3155");
    await expect(page.getByRole("heading", { name: "Confirm this payment with your bank" })).toBeVisible();
    await page.getByRole("button", { name: "Complete authentication" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Payment Successful!" })).toBeVisible();
    await expect(page.getByText("Visa ending 3155")).toBeVisible();
    const history = await (await page.request.get(`/api/v1/stripe/payment-history/${id}`)).json();
    expect(history.data.map((p: { status: string }) => p.status)).toEqual(["completed", "failed"]);
  });

  test("the payment link opens the page for someone not signed in; a guessed id or token is a 404", async ({
    browser,
    baseURL,
  }) => {
    let href = "";
    await asAdmin(browser, baseURL!, async (admin) => {
      await admin.goto("/admin/payments");
      href = (await admin.getByRole("link", { name: `Payment page for ${AWAITING_PAYMENT}` }).getAttribute("href"))!;
    });
    const link = new URL(href);
    const context = await browser.newContext({ baseURL, javaScriptEnabled: javaScriptOn() });
    if (javaScriptOn()) await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const page = await context.newPage();
    await page.goto(link.pathname + link.search);
    const summary = page.getByRole("region", { name: "Order Summary" });
    await expect(summary.getByText(AWAITING_PAYMENT)).toBeVisible();
    await expect(summary.getByText(/Signed on \d/)).toBeVisible();
    await expect(page.getByLabel("Card number")).toBeVisible();
    await expectAccessible(page);
    if (javaScriptOn()) {
      await page.getByRole("button", { name: "Copy" }).click();
      await expect(page.getByText("Link copied.")).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link.href);
    }
    for (const guess of [
      link.pathname,
      `${link.pathname}?token=${link.searchParams.get("token")!.slice(0, -2)}xx`,
      `/payment/${Number(link.pathname.split("/").at(-1)) + 1000}`,
    ]) {
      const response = await page.goto(guess);
      expect(response?.status(), guess).toBe(404);
      await expect(page.getByText("Sarah Thompson")).toHaveCount(0);
      await expect(page.getByText(AWAITING_PAYMENT)).toHaveCount(0);
    }
    await context.close();
  });

  test("the demo vendor's seeded projects: two paid, one signed and waiting for payment", async ({ page }) => {
    await logIn(page, DEMO_VENDOR, /\/vendor-propertylisting$/);
    const table = page.getByRole("table", { name: "Your property projects" });
    for (const address of PAID_IN_SEED) await expect(table.getByText(`Paid: ${address}`)).toBeVisible();
    await expect(table.getByRole("link", { name: `Pay Now for ${AWAITING_PAYMENT}` })).toBeVisible();
    await expectAccessible(page);
    await expect(page.getByRole("link", { name: /^Sign contract for / })).toHaveCount(0);
  });
});
