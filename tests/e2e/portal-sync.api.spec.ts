// The real-time feeds through the running server: listing a home reaches the fake Rightmove and Zoopla (the
// app's workers send it with the client certificate, schema-valid), selling it takes it off Rightmove and
// shows it sold on Zoopla, and deleting it removes it from Zoopla.
import { expect, test } from "@playwright/test";

import { apiSession, DEMO_ADMIN } from "./support/accounts";
import { waitForPortalRequest } from "./support/portals";

test("a listed, sold and deleted home is sent, removed and deleted on the portals", async ({ baseURL }) => {
  test.setTimeout(90_000);
  const admin = await apiSession(baseURL!, DEMO_ADMIN);
  const stamp = `${Date.now() % 1_000_000}`;
  const response = await admin.post("/api/v1/admin/projects/create", {
    data: {
      address: `${stamp} Portal Street, Leicester`,
      postcode: "LE1 6EJ",
      price: 275_000,
      property_type: "Semi-Detached",
      bedrooms: 3,
      bathrooms: 1,
      vendor_name: "Petra Portal",
      vendor_email: "petra.portal@example.com",
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: number };
  const ref = `MW${id}`;
  const refOf = (body: Record<string, unknown>) =>
    (body.property as { agent_ref?: string } | undefined)?.agent_ref ?? body.listing_reference;
  try {
    expect((await admin.put(`/api/v1/admin/projects/${id}/mark-completed`)).status()).toBe(200);
    const sent = await waitForPortalRequest(
      "rightmove",
      (r) => r.path === "/v1/property/sendpropertydetails" && refOf(r.body) === ref,
    );
    expect(sent.schemaErrors).toEqual([]);
    expect(sent.client).toBe("MoveWise test agency");
    expect(sent.body).toMatchObject({ property: { status: 1, price_information: { price: 275_000 } } });
    const listed = await waitForPortalRequest("zoopla", (r) => r.path === "/listing/update" && refOf(r.body) === ref);
    expect(listed.schemaErrors).toEqual([]);
    expect(listed.body).toMatchObject({ life_cycle_status: "available", branch_reference: "MW-LEICESTER" });

    expect((await admin.put(`/api/v1/admin/projects/${id}/mark-sold`)).status()).toBe(200);
    const removed = await waitForPortalRequest(
      "rightmove",
      (r) => r.path === "/v1/property/removeproperty" && refOf(r.body) === ref,
    );
    expect(removed.body).toMatchObject({ property: { removal_reason: 7 } });
    await waitForPortalRequest(
      "zoopla",
      (r) => r.path === "/listing/update" && refOf(r.body) === ref && r.body.life_cycle_status === "sold",
    );
  } finally {
    await admin.delete(`/api/v1/admin/projects/${id}`);
  }
  const deleted = await waitForPortalRequest("zoopla", (r) => r.path === "/listing/delete" && refOf(r.body) === ref);
  expect(deleted.body).toEqual({ listing_reference: ref, deletion_reason: "completed" });
  await admin.dispose();
});
