// Regressions found by the fuzzer on top of tests/integration/{storable-text,form-bodies,refund-ids}.test.ts.
import { expect, test } from "vitest";

import { addDays, londonToday } from "../../app/lib/dates";
import { safeRedirectPath } from "../../app/lib/http.server";
import { action as vendorBookingsApi } from "../../app/routes/api.v1.vendor.bookings";
import { action as requestViewingPage } from "../../app/routes/view-properties.$projectId.request-viewing";
import { setupTestDatabase } from "../support/database";
import { createListing } from "../support/listings";
import { account, request, routeArgs, settle } from "../support/payments";

setupTestDatabase();

test('a booking date like "2026-13-01" is a field error, not a 500 (Invalid Date)', async () => {
  const vendor = await account("vendor");
  const json = {
    address: "12 Granby Street, Leicester",
    postcode: "LE1 6EJ",
    price: 350_000,
    property_type: "Detached",
    booking_date: "2026-13-01",
  };
  const response = (await vendorBookingsApi(
    routeArgs(request("/api/v1/vendor/bookings", { cookie: vendor.cookie, json })),
  )) as Response;
  expect(response.status).toBe(400);
  expect(await response.json()).toMatchObject({ errors: { booking_date: ["Enter a real date, like 2026-12-01."] } });
});

test("a viewing form's way back to search results that a Location header cannot hold is ignored, not a 500", async () => {
  const listing = await createListing();
  const form = {
    firstName: "Bob",
    lastName: "Buyer",
    email: "bob@example.com",
    phoneNumber: "07700 900123",
    preferredDate: addDays(londonToday(), 5),
    preferredTime: "10:30",
  };
  const back = encodeURIComponent("/property-search?postcode=LE1\u0000");
  const result = await settle(() =>
    requestViewingPage(
      routeArgs(request(`/view-properties/${listing.id}/request-viewing?back=${back}`, { form }), {
        projectId: String(listing.id),
      }),
    ),
  );
  expect(result).toMatchObject({ status: 302, location: `/view-properties/${listing.id}` });
});

test("a redirect target with a NUL or non-ASCII text falls back to the default", () => {
  expect(safeRedirectPath("/vendor-propertylisting?q=é", "/home")).toBe("/home");
  expect(safeRedirectPath("/x\u0000", "/home")).toBe("/home");
  expect(safeRedirectPath("/vendor-propertylisting?q=%C3%A9", "/home")).toBe("/vendor-propertylisting?q=%C3%A9");
});
