// Viewings for the seller (issue 24): the seller answers requests on the Viewings tab, the requester accepts
// another time from the emailed link, the agency records feedback, the admin calendar, and "Your viewings".
// Every test runs with JavaScript on and off (the pages are plain forms and links).
import { expect, type Page, test } from "@playwright/test";

import { addDays, londonToday } from "../../app/lib/dates";
import { expectAccessible } from "./support/a11y";
import { apiSession, DEMO_ADMIN, logInThroughForm, newBuyer, newVendor } from "./support/accounts";
import { findBooking, tomorrow } from "./support/listings";
import { MAIL_WAIT_MS, mailedLink, outboxFor } from "./support/mail";

const stamp = () => `${Date.now() % 1_000_000}`;

function viewingRequest(propertyId: number, firstName: string, lastName: string, email: string, preferredTime: string) {
  return {
    propertyId,
    firstName,
    lastName,
    email,
    phoneNumber: "07700 900777",
    preferredDate: tomorrow(),
    preferredTime,
  };
}

const card = (page: Page, name: string) => page.getByRole("article").filter({ hasText: name });

test("the seller confirms one request, proposes another time for a second, and the requester accepts it", async ({
  page,
  request,
  baseURL,
}) => {
  const run = stamp();
  const seller = newVendor("seller");
  const sellerApi = await apiSession(baseURL!, seller, { signUp: true });
  const admin = await apiSession(baseURL!, DEMO_ADMIN);
  const created = await sellerApi.post("/api/v1/vendor/bookings", {
    data: { address: `${run} Viewing Row, Leicester`, postcode: "LE1 6EJ", price: 245000, property_type: "Terraced" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const homeId = ((await created.json()) as { id: number }).id;
  try {
    expect((await admin.put(`/api/v1/admin/projects/${homeId}/mark-completed`)).status()).toBe(200);
    const cara = `cara-${run}@example.com`;
    const pete = `pete-${run}@example.com`;
    const first = await request.post("/api/v1/viewings/request", {
      data: viewingRequest(homeId, "Cara", `Confirm${run}`, cara, "10:00"),
    });
    expect(first.status()).toBe(201);
    const second = await request.post("/api/v1/viewings/request", {
      data: viewingRequest(homeId, "Pete", `Propose${run}`, pete, "11:00"),
    });
    const peteId = ((await second.json()) as { viewingRequest: { id: number } }).viewingRequest.id;

    await page.goto(`/login?redirectTo=${encodeURIComponent(`/view-a-property/${homeId}/viewings`)}`);
    await logInThroughForm(page, seller);
    await expect(page.getByRole("heading", { level: 1, name: "Viewings" })).toBeVisible();
    await expect(card(page, `Cara Confirm${run}`)).toContainText("Pending");
    // The seller sees who asked, not how to reach them.
    await expect(page.getByText(cara)).toHaveCount(0);
    await expect(page.getByText("07700 900777")).toHaveCount(0);
    await expectAccessible(page);

    await card(page, `Cara Confirm${run}`)
      .getByRole("button", { name: /^Confirm viewing/ })
      .click();
    await expect(page.getByText(`Viewing confirmed. We emailed Cara Confirm${run}.`)).toBeVisible();
    await expect(card(page, `Cara Confirm${run}`)).toContainText("Confirmed");
    await expect(card(page, `Cara Confirm${run}`).getByRole("button", { name: /^Cancel viewing/ })).toBeVisible();

    const peteCard = card(page, `Pete Propose${run}`);
    const later = addDays(tomorrow(), 2);
    await peteCard.getByLabel("Date").fill(later);
    await peteCard.getByLabel("Time").selectOption("14:30");
    await peteCard.getByRole("button", { name: /^Propose this time/ }).click();
    await expect(page.getByText(`Another time proposed. We emailed Pete Propose${run}.`)).toBeVisible();
    await expect(card(page, `Pete Propose${run}`)).toContainText("Another time proposed");
    await expect(card(page, `Pete Propose${run}`)).toContainText("2:30 PM");

    // Cara's confirmation carries the calendar invitation.
    await expect
      .poll(() => outboxFor(cara).find((mail) => /^Subject: Viewing confirmed:/m.test(mail)) ?? "", {
        timeout: MAIL_WAIT_MS,
      })
      .toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/);

    // Pete accepts the other time from his email, signed out.
    await expect.poll(() => mailedLink(pete, `/viewings/${peteId}/respond`), { timeout: MAIL_WAIT_MS }).not.toBeNull();
    const respond = await page.context().browser()!.newPage();
    await respond.goto(mailedLink(pete, `/viewings/${peteId}/respond`)!);
    await expect(respond.getByRole("heading", { level: 1, name: "Another time for your viewing" })).toBeVisible();
    await expect(respond.getByText("2:30 PM")).toBeVisible();
    await respond.getByRole("button", { name: "Accept this time" }).click();
    await expect(respond.getByRole("heading", { level: 1, name: "Your viewing is confirmed" })).toBeVisible();
    await respond.reload();
    await expect(respond.getByRole("heading", { level: 1, name: "Already answered" })).toBeVisible();
    await respond.goto(`/viewings/${peteId}/respond?token=not-the-token`);
    await expect(respond.getByRole("heading", { level: 1, name: "This link does not work" })).toBeVisible();
    await respond.close();

    await page.reload();
    await expect(card(page, `Pete Propose${run}`)).toContainText("Confirmed");
    await expect(card(page, `Pete Propose${run}`)).toContainText("2:30 PM");

    await card(page, `Cara Confirm${run}`)
      .getByRole("button", { name: /^Cancel viewing/ })
      .click();
    await expect(page.getByText(`Viewing cancelled. We emailed Cara Confirm${run}.`)).toBeVisible();
    await expect(card(page, `Cara Confirm${run}`)).toContainText("Cancelled");
  } finally {
    await admin.delete(`/api/v1/admin/projects/${homeId}`);
    await Promise.all([sellerApi.dispose(), admin.dispose()]);
  }
});

test("a proposal without a date is refused beside the field", async ({ page, request }) => {
  const home = await findBooking(request, (b) => b.status === "completed");
  const run = stamp();
  const asked = await request.post("/api/v1/viewings/request", {
    data: viewingRequest(home.id, "Nia", `Nodate${run}`, `nia-${run}@example.com`, "12:00"),
  });
  expect(asked.status()).toBe(201);
  await page.goto(`/login?redirectTo=${encodeURIComponent(`/view-a-property/${home.id}/viewings`)}`);
  await logInThroughForm(page, DEMO_ADMIN);
  await expect(page.getByRole("heading", { level: 1, name: "Viewings" })).toBeVisible();
  const nia = card(page, `Nia Nodate${run}`);
  // An admin acting for the seller sees the contact details.
  await expect(nia).toContainText(`nia-${run}@example.com`);
  await nia.getByLabel("Date").evaluate((input) => input.removeAttribute("required"));
  await nia.getByRole("button", { name: /^Propose this time/ }).click();
  await expect(card(page, `Nia Nodate${run}`).getByText("Choose a date to propose.")).toBeVisible();
  await expect(card(page, `Nia Nodate${run}`)).toContainText("Pending");
  // Tidy up: the demo home's request is declined.
  await card(page, `Nia Nodate${run}`)
    .getByRole("button", { name: /^Decline viewing/ })
    .click();
  await expect(page.getByText(`Viewing declined. We emailed Nia Nodate${run}.`)).toBeVisible();
});

test("the agency records feedback after a viewing; the seller's tab shows it", async ({ page }) => {
  await page.goto(`/login?redirectTo=${encodeURIComponent("/admin/viewings?status=confirmed")}`);
  await logInThroughForm(page, DEMO_ADMIN);
  const row = page.getByRole("row").filter({ hasText: "Sam Viewer" });
  await row.getByRole("link", { name: /^Record feedback/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Viewing feedback" })).toBeVisible();
  await expectAccessible(page);
  const comment = `Asked about parking ${stamp()}`;
  await page.getByLabel("Attended", { exact: true }).check();
  await page.getByLabel("Interested", { exact: true }).check();
  await page.getByLabel("Comment").fill(comment);
  await page.getByLabel("Buyer's position").selectOption({ label: "Cash buyer" });
  await page.getByRole("button", { name: "Save feedback" }).click();
  await expect(page.getByText("Feedback saved. We emailed the seller.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Viewings" })).toBeVisible();
  const sam = card(page, "Sam Viewer");
  await expect(sam).toContainText("Agency's feedback");
  await expect(sam).toContainText(`Attended · Interested · Cash buyer`);
  await expect(sam).toContainText(comment);
  // The seeded viewing's earlier feedback is on the tab too.
  await expect(card(page, "Alex Looker")).toContainText("Liked the garden");
});

test("the admin calendar shows a week's viewings and moves between weeks", async ({ page }) => {
  const jo = addDays(londonToday(), 5);
  await page.goto(`/login?redirectTo=${encodeURIComponent("/admin-propertylisting")}`);
  await logInThroughForm(page, DEMO_ADMIN);
  await page.getByRole("link", { name: "Calendar" }).click();
  await expect(page).toHaveURL(/\/admin\/calendar$/);
  await expect(page.getByRole("heading", { level: 1, name: "Calendar" })).toBeVisible();
  await page.goto(`/admin/calendar?week=${jo}`);
  const day = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 2 }) })
    .filter({ hasText: "Jo Pending" });
  await expect(day).toContainText("10:30 AM");
  await expect(day).toContainText("Pending");
  await expectAccessible(page);
  await page.getByRole("link", { name: "Next week" }).click();
  await expect(page).toHaveURL(new RegExp(`week=${addDays(mondayOf(jo), 7)}`));
  await expect(page.getByText("Jo Pending")).toHaveCount(0);
  await page.getByRole("link", { name: "Previous week" }).click();
  await expect(page.getByText("Jo Pending")).toBeVisible();
  await page.getByRole("link", { name: "This week" }).click();
  await expect(page).toHaveURL(new RegExp(`week=${mondayOf(londonToday())}`));
});

function mondayOf(date: string) {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

test("a signed-in buyer's viewings are listed in their account; the feedback link opens after the visit", async ({
  page,
  baseURL,
}) => {
  const buyer = newBuyer("viewer");
  const buyerApi = await apiSession(baseURL!, buyer, { signUp: true });
  const admin = await apiSession(baseURL!, DEMO_ADMIN);
  try {
    const home = await findBooking(buyerApi, (b) => b.status === "completed");
    const asked = await buyerApi.post("/api/v1/viewings/request", {
      data: viewingRequest(home.id, "Bo", "Buyer", buyer.email, "16:00"),
    });
    expect(asked.status()).toBe(201);
    const viewingId = ((await asked.json()) as { viewingRequest: { id: number } }).viewingRequest.id;

    await page.goto("/login?redirectTo=%2Fmy-home-search");
    await logInThroughForm(page, buyer);
    const yours = page.getByRole("region", { name: "Your viewings" });
    await expect(yours).toContainText(home.address);
    await expect(yours).toContainText("4:00 PM");
    await expect(yours).toContainText("Pending");

    const confirmed = await admin.put(`/api/v1/vendor/bookings/${home.id}/viewings/${viewingId}`, {
      data: { action: "confirm" },
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    await page.reload();
    await expect(page.getByRole("region", { name: "Your viewings" })).toContainText("Confirmed");

    await expect
      .poll(() => mailedLink(buyer.email, `/viewings/${viewingId}/feedback`), { timeout: MAIL_WAIT_MS })
      .not.toBeNull();
    await page.goto(mailedLink(buyer.email, `/viewings/${viewingId}/feedback`)!);
    await expect(page.getByRole("heading", { level: 1, name: "Your viewing feedback" })).toBeVisible();
    await expect(page.getByText(/^Feedback opens when the viewing starts/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Send feedback" })).toHaveCount(0);

    // Tidy up: the demo home's viewing is cancelled.
    expect(
      (
        await admin.put(`/api/v1/vendor/bookings/${home.id}/viewings/${viewingId}`, { data: { action: "cancel" } })
      ).status(),
    ).toBe(200);
  } finally {
    await Promise.all([buyerApi.dispose(), admin.dispose()]);
  }
});
