// Card payments through the sandbox (the e2e server has no Stripe keys), with JavaScript on and off.
// The demo vendor's three pending projects are shared out: one paid per browser project, and the
// third for failed payments only, which leave it payable.
import { type Browser, type Page, expect, test } from "@playwright/test";
import { expectAccessible } from "./support/a11y";
import { DEMO_ADMIN, DEMO_VENDOR, logInThroughForm } from "./support/accounts";

const PAID_PROJECT: Record<string, string> = { js: "42 Welford Road, Leicester LE2 6BF", "no-js": "Flat 2, 18 Westcotes Drive, Leicester LE3 0LS" };
const FAILING_PROJECT = "7 Caxton Street, Market Harborough LE16 8AL";

/** The project's payment link, as the admin payments page lists it under "Awaiting payment". */
async function paymentLinkFor(browser: Browser, baseURL: string, address: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto("/login");
  await logInThroughForm(page, DEMO_ADMIN);
  await expect(page).toHaveURL(/\/admin-propertylisting$/);
  await page.getByRole("link", { name: "Payments" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible();
  const href = await page.getByRole("link", { name: `Payment page for ${address}` }).getAttribute("href");
  await context.close();
  return new URL(href!);
}

async function logInAsVendor(page: Page) {
  await page.goto("/login");
  await logInThroughForm(page, DEMO_VENDOR);
  await expect(page).toHaveURL(/\/vendor-propertylisting$/);
}

async function payWith(page: Page, cardNumber: string) {
  await page.getByLabel("Card number").fill(cardNumber);
  await page.getByLabel("Expiry date").fill("12 / 34");
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByLabel("Postcode").fill("LE2 6BF");
  await page.getByRole("button", { name: "Pay £1,794.00" }).click();
}

const javaScriptOn = () => test.info().project.use.javaScriptEnabled !== false;

test.describe("card payments in the sandbox", () => {
  test("a declined card is shown and recorded; 4242 pays the package price even with a tampered amount; an admin refunds it", async ({ page, browser, baseURL }) => {
    const address = PAID_PROJECT[test.info().project.name]!;
    const link = await paymentLinkFor(browser, baseURL!, address);
    const bookingId = link.pathname.split("/").at(-1);
    await logInAsVendor(page);
    await page.goto(`/payment/${bookingId}`);

    await expect(page.getByRole("heading", { level: 1, name: "Pay for your selling package" })).toBeVisible();
    const summary = page.getByRole("region", { name: "Order Summary" });
    await expect(summary.getByText("Sarah Thompson")).toBeVisible();
    await expect(summary.getByText(address)).toBeVisible();
    await expect(summary.getByText(DEMO_VENDOR.email)).toBeVisible();
    await expect(summary.getByText("£1,794.00", { exact: true })).toBeVisible();
    await expect(summary.getByText("Not signed yet.")).toBeVisible();
    await expect(summary.getByLabel("Payment Link")).toHaveValue(link.href);
    await expect(page.getByText("Sandbox: no money moves.")).toBeVisible();
    await expectAccessible(page);

    await payWith(page, "4000 0000 0000 0002");
    await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
    await expect(page.getByLabel("Postcode")).toHaveValue("LE2 6BF");
    if (!javaScriptOn()) await expect(page.getByLabel("Card number")).toHaveValue("");
    await expectAccessible(page);
    const afterDecline = await (await page.request.get(`/api/v1/stripe/payment-history/${bookingId}`)).json();
    expect(afterDecline).toMatchObject({ success: true, paid: false });
    expect(afterDecline.data).toContainEqual(expect.objectContaining({ status: "failed", failureMessage: "Your card was declined.", cardLast4: "0002" }));

    // Whatever amount a tampered form sends, the package price is charged.
    let tampered = 0;
    await page.route(`**/payment/${bookingId}*`, (route) => {
      if (route.request().method() !== "POST") return route.continue();
      tampered += 1;
      return route.continue({ postData: `${route.request().postData()}&amount=1&amountPence=100` });
    });
    await payWith(page, "4242 4242 4242 4242");
    await expect(page.getByRole("heading", { level: 1, name: "Payment Successful!" })).toBeVisible();
    await expect(page.getByText("We have emailed you a confirmation with your VAT receipt.")).toBeVisible();
    await expect(page.getByText("Visa ending 4242")).toBeVisible();
    await expect(page.getByText("£1,794.00")).toBeVisible();
    await expectAccessible(page);
    await page.unrouteAll();
    expect(tampered).toBe(1);
    const afterPayment = await (await page.request.get(`/api/v1/stripe/payment-history/${bookingId}`)).json();
    expect(afterPayment.paid).toBe(true);
    expect(afterPayment.data).toContainEqual(expect.objectContaining({ status: "completed", amountPence: 179_400, cardBrand: "Visa", cardLast4: "4242" }));

    await page.goto(`/payment/${bookingId}`);
    await expect(page.getByRole("heading", { level: 1, name: "Your selling package is paid" })).toBeVisible();
    await expect(page.getByText("This booking has been paid.")).toBeVisible();
    await expect(page.getByRole("button", { name: /^Pay / })).toHaveCount(0);
    await page.getByRole("link", { name: "Go to my properties" }).click();
    await expect(page).toHaveURL(/\/vendor-propertylisting$/);

    const admin = await browser.newContext({ baseURL });
    const adminPage = await admin.newPage();
    await adminPage.goto("/login");
    await logInThroughForm(adminPage, DEMO_ADMIN);
    await expect(adminPage).toHaveURL(/\/admin-propertylisting$/);
    await adminPage.goto("/admin/payments");
    const row = adminPage.getByRole("row").filter({ hasText: address }).filter({ hasText: "Completed" });
    await expect(row).toHaveCount(1);
    await expectAccessible(adminPage);
    await row.locator("summary", { hasText: "Refund" }).click();
    await row.getByRole("button", { name: "Confirm refund" }).click();
    await expect(adminPage.getByText("Payment refunded.")).toBeVisible();
    await expect(adminPage.getByRole("row").filter({ hasText: address }).filter({ hasText: "Refunded" })).toHaveCount(1);
    await admin.close();
  });

  test("the payment link opens the page for someone not signed in; a guessed id or token is a 404", async ({ browser, baseURL }) => {
    const link = await paymentLinkFor(browser, baseURL!, FAILING_PROJECT);
    const context = await browser.newContext({ baseURL, javaScriptEnabled: javaScriptOn() });
    if (javaScriptOn()) await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const page = await context.newPage();
    await page.goto(link.pathname + link.search);
    await expect(page.getByRole("region", { name: "Order Summary" }).getByText(FAILING_PROJECT)).toBeVisible();
    // Only the owner is offered the contract (which needs signing in).
    await expect(page.getByRole("link", { name: "Sign the contract" })).toHaveCount(0);
    if (javaScriptOn()) {
      await page.getByRole("button", { name: "Copy" }).click();
      await expect(page.getByText("Link copied.")).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link.href);
    }
    for (const guess of [link.pathname, `${link.pathname}?token=${link.searchParams.get("token")!.slice(0, -2)}xx`, `/payment/${Number(link.pathname.split("/").at(-1)) + 1000}`]) {
      const response = await page.goto(guess);
      expect(response?.status(), guess).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "We're still building this page" })).toBeVisible();
      await expect(page.getByText("Sarah Thompson")).toHaveCount(0);
    }
    await context.close();
  });

  test("a card that asks for 3-D Secure: failing the authentication ends on 'Payment Failed'", async ({ page, browser, baseURL }) => {
    const link = await paymentLinkFor(browser, baseURL!, FAILING_PROJECT);
    await logInAsVendor(page);
    await page.goto(link.pathname);
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
  });
});
