// /admin/portals, a home's portal history and the 'Send to portals' switch, with and without JavaScript. The
// app sends to the fake Rightmove and Zoopla of the run (tests/e2e/support/portals.ts).
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";

import type { FakePortalName } from "../support/fake-portals";
import { expectAccessible } from "./support/a11y";
import { apiSession, DEMO_ADMIN, logInThroughForm } from "./support/accounts";
import { portalRequests, waitForPortalRequest } from "./support/portals";

const withJs = () => test.info().project.use.javaScriptEnabled !== false;

async function createHome(admin: APIRequestContext, label: string) {
  const stamp = `${Date.now() % 1_000_000}${withJs() ? "j" : "n"}`;
  const address = `${stamp} ${label} Street, Leicester`;
  const response = await admin.post("/api/v1/admin/projects/create", {
    data: {
      address,
      postcode: "LE1 6EJ",
      price: 265000,
      property_type: "Terraced",
      bedrooms: 3,
      bathrooms: 1,
      description: "A bright terraced house close to the city centre, with a long garden and a new kitchen.",
      key_features: ["Long garden", "New kitchen", "Close to the station"],
      vendor_name: "Paula Portal",
      vendor_email: `portal-${stamp}@example.com`,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { id: ((await response.json()) as { id: number }).id, address };
}

async function signIn(page: Page) {
  await page.goto("/login");
  await logInThroughForm(page, DEMO_ADMIN);
  await expect(page).toHaveURL(/\/admin-propertylisting$/);
}

/** Ticks or clears 'Send to portals' on the property page and saves. */
async function switchPortals(page: Page, projectId: number, on: boolean) {
  await page.goto(`/admin-property-details/${projectId}`);
  const card = page.getByRole("region", { name: "Portals" });
  await card.getByLabel("Send to portals").setChecked(on);
  await card.getByRole("button", { name: "Save" }).click();
  await expect(
    page.getByText(on ? "This home will be sent to the portals." : "This home will be taken off the portals."),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: "Portals" }).getByLabel("Send to portals")).toBeChecked({
    checked: on,
  });
}

const mentions = (ref: string) => (request: { body: Record<string, unknown> }) =>
  JSON.stringify(request.body).includes(`"${ref}"`);

test.describe("admin: portals", () => {
  test("the settings, the BLM file, the problems filter, the switch and a home's history", async ({
    page,
    baseURL,
  }) => {
    const admin = await apiSession(baseURL!, DEMO_ADMIN);
    const home = await createHome(admin, "Settings");
    try {
      await signIn(page);
      await page.getByRole("link", { name: "Portals", exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/portals$/);
      await expect(page.getByRole("heading", { level: 1, name: "Portals" })).toBeVisible();
      const rightmove = page.getByRole("region", { name: "Rightmove real-time" });
      await expect(rightmove).toContainText("On");
      await expect(rightmove).toContainText("Network 1001, branch 2002");
      await expect(page.getByRole("region", { name: "Rightmove BLM file" })).toContainText("Branch 2002");
      await expect(page.getByRole("region", { name: "Zoopla" })).toContainText("Branch reference MW-LEICESTER");
      await expect(page.getByRole("link", { name: "Download the BLM file" })).toHaveAttribute(
        "href",
        "/api/v1/admin/feeds/rightmove.zip",
      );
      await expectAccessible(page);

      await page.getByRole("button", { name: "Write today's file now" }).click();
      await expect(page.getByText("The BLM file is being written.")).toBeVisible();

      await page.getByLabel("Problems only (rejected or failed)").check();
      await page.getByRole("button", { name: "Show" }).click();
      await expect(page).toHaveURL(/\/admin\/portals\?problems=1$/);
      await expect(page.getByLabel("Problems only (rejected or failed)")).toBeChecked();

      // A home that is not listed: on by default, not sent, and a resend is refused with the reason.
      await page.goto(`/admin-property-details/${home.id}`);
      const card = page.getByRole("region", { name: "Portals" });
      await expect(card.getByLabel("Send to portals")).toBeChecked();
      await expect(card).toContainText("Rightmove: Not sent");
      await expect(card).toContainText("Zoopla: Not sent");
      await switchPortals(page, home.id, false);
      expect(
        ((await (await admin.get(`/api/v1/admin/projects/${home.id}`)).json()) as { send_to_portals: boolean })
          .send_to_portals,
      ).toBe(false);
      const refused = await admin.post(`/api/v1/admin/portals/${home.id}/resend`);
      expect(refused.status()).toBe(409);
      expect(((await refused.json()) as { message: string }).message).toContain("'Send to portals' is off");
      await switchPortals(page, home.id, true);

      await page.getByRole("region", { name: "Portals" }).getByRole("link", { name: "Portal history" }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/portals/${home.id}$`));
      await expect(page.getByRole("heading", { level: 1, name: `Portal history: ${home.address}` })).toBeVisible();
      await expect(page.getByText("Nothing has been sent to a portal for this home yet.")).toBeVisible();
      await expectAccessible(page);
    } finally {
      await admin.delete(`/api/v1/admin/projects/${home.id}`);
    }
  });

  test("a listed home goes live on both portals; switched off it is removed; a resend sends it again", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const admin = await apiSession(baseURL!, DEMO_ADMIN);
    const home = await createHome(admin, "Portal");
    const ref = `MW${home.id}`;
    const countOf = async (portal: FakePortalName, path: string) =>
      (await portalRequests(portal)).filter((r) => r.path === path && mentions(ref)(r)).length;
    try {
      expect((await admin.put(`/api/v1/admin/projects/${home.id}/mark-completed`)).status()).toBe(200);
      await waitForPortalRequest("rightmove", (r) => r.path === "/v1/property/sendpropertydetails" && mentions(ref)(r));
      await waitForPortalRequest("zoopla", (r) => r.path === "/listing/update" && mentions(ref)(r));

      await signIn(page);
      await page.goto("/admin/portals");
      const row = page.getByRole("row").filter({ hasText: home.address });
      // The portal's answer is recorded just after the request arrives.
      await expect(async () => {
        await page.reload();
        await expect(row.getByRole("cell").nth(2)).toContainText("Live", { timeout: 1_000 });
        await expect(row.getByRole("cell").nth(3)).toContainText("Live", { timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
      await expect(row.getByRole("link", { name: "See it on Rightmove" })).toBeVisible();
      await expect(row).toContainText("Sent: for sale (listed)");

      await switchPortals(page, home.id, false);
      await waitForPortalRequest("rightmove", (r) => r.path === "/v1/property/removeproperty" && mentions(ref)(r));
      await waitForPortalRequest("zoopla", (r) => r.path === "/listing/delete" && mentions(ref)(r));
      await page.goto("/admin/portals");
      await expect(async () => {
        await page.reload();
        await expect(row.getByRole("cell").nth(2)).toContainText("Removed", { timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
      await expect(row.getByRole("button", { name: /Resend/ })).toHaveCount(0);

      await switchPortals(page, home.id, true);
      await expect.poll(() => countOf("rightmove", "/v1/property/sendpropertydetails")).toBe(2);
      await page.goto("/admin/portals");
      await expect(async () => {
        await page.reload();
        await expect(row.getByRole("cell").nth(2)).toContainText("Live", { timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
      await row.getByRole("button", { name: /Resend/ }).click();
      await expect(page.getByText("Sent again to Rightmove and Zoopla.")).toBeVisible();
      await expect.poll(() => countOf("rightmove", "/v1/property/sendpropertydetails")).toBe(3);

      await page.goto(`/admin/portals/${home.id}`);
      await expect(async () => {
        await page.reload();
        await expect(page.getByRole("row").filter({ hasText: "resend" })).toHaveCount(2, { timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
      const removal = page.getByRole("row").filter({ hasText: "taken off portals" }).first();
      await expect(removal).toContainText("Accepted");
      await removal.getByText("Payload").click();
      await expect(removal.locator("pre").first()).toContainText(ref);
    } finally {
      await admin.delete(`/api/v1/admin/projects/${home.id}`);
    }
  });
});
