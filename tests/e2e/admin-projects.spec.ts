import { expect, test } from "@playwright/test";

import { expectAccessible } from "./support/a11y";
import { apiContext, apiSession, DEMO_ADMIN, logInThroughForm, newVendor } from "./support/accounts";
import { waitForHydration } from "./support/hydration";
import { PDF, photo, plan, uploadFiles } from "./support/uploads";

const withJs = () => test.info().project.use.javaScriptEnabled !== false;

test.describe("admin back office: projects", () => {
  test("search, create a property, edit its details, list it, sell it and delete it", async ({ page }) => {
    // The whole back-office journey, a dozen pages with an accessibility scan of most: longer than one page's budget.
    test.setTimeout(240_000);
    const stamp = `${Date.now() % 1_000_000}${withJs() ? "j" : "n"}`;
    const address = `${stamp} Admin Lane, Leicester`;
    const email = `customer-${stamp}@example.com`;

    await page.goto("/login");
    await logInThroughForm(page, DEMO_ADMIN);
    await expect(page).toHaveURL(/\/admin-propertylisting$/);
    await expect(page.getByRole("heading", { level: 1, name: "Property projects" })).toBeVisible();
    await expect(page.getByRole("img", { name: "Projects by status" })).toBeVisible();
    await expect(
      page.getByRole("img", { name: "Viewing and valuation requests per week, last 8 weeks" }),
    ).toBeVisible();
    for (const inbox of ["Viewing requests", "Valuation requests", "Messages", "Payments"]) {
      await expect(page.getByRole("navigation", { name: "Inboxes" }).getByRole("link", { name: inbox })).toBeVisible();
    }
    // 30 demo listings: more than one page.
    await expect(page.getByRole("navigation", { name: "Project pages" })).toBeVisible();
    await expectAccessible(page);

    // Create a property for a customer.
    await page.getByRole("link", { name: "+ Create Property" }).click();
    await expect(page).toHaveURL(/\/admin-create-property$/);
    await expect(page.getByRole("heading", { level: 1, name: "Property Details" })).toBeVisible();
    await expect(page.getByLabel("Created by")).toHaveValue(DEMO_ADMIN.email);
    await expect(page.getByLabel("Created by")).toHaveAttribute("readonly", "");
    await expect(page.getByLabel("Bedrooms").locator("option")).toHaveText([
      "Select",
      "2",
      "3",
      "4",
      "5",
      "6",
      "7",
      "8",
    ]);
    await expectAccessible(page);
    await page.getByLabel("Customer's name").fill("Clara Customer");
    await page.getByLabel("Customer's email").fill(email);
    await page.getByLabel("Address", { exact: true }).fill(address);
    await page.getByLabel("Asking price").fill("325,000");
    await page.getByLabel("Property type").selectOption("Semi-Detached");
    await page.getByLabel("Bedrooms").selectOption("4");
    await page.getByLabel("Key features (optional)").fill("Bay window\nCellar");
    await page.getByRole("group", { name: "Garden" }).getByLabel("Yes").check();
    if (withJs()) {
      await page.getByRole("combobox", { name: "Postcode" }).fill("LE1 6E");
      await page.getByRole("option", { name: /^LE1 6EJ/ }).click();
      await expect(page.getByRole("combobox", { name: "Postcode" })).toHaveValue("LE1 6EJ");
    } else {
      await page.getByLabel("Postcode", { exact: true }).fill("le1 6ej");
    }
    await page.getByRole("button", { name: "Submit Property Details" }).click();
    await expect(page).toHaveURL(/\/admin-propertylisting$/);
    await expect(page.getByText("Property created successfully!")).toBeVisible();

    // The search box filters on the server, through the URL.
    const search = page.getByRole("searchbox", { name: "Find a property" });
    await search.fill("no such customer anywhere");
    if (!withJs()) await search.press("Enter");
    await expect(page).toHaveURL(/\?q=no\+such\+customer\+anywhere$/);
    await expect(page.getByText("No projects match “no such customer anywhere”.")).toBeVisible();
    await search.fill(email);
    if (!withJs()) await search.press("Enter");
    await expect(page.getByText(`1 project matches “${email}”.`)).toBeVisible();
    const table = page.getByRole("table", { name: /Property projects matching/ });
    const row = table.getByRole("row", { name: new RegExp(address) });
    await expect(row).toContainText("Clara Customer");
    await expect(row).toContainText("£325,000");
    await expect(row).toContainText("Semi-Detached");
    await expect(row).toContainText("Pending");
    await expectAccessible(page);

    // The details page and its tabs.
    await row.getByRole("link", { name: `Edit Details of ${address}` }).click();
    await expect(page).toHaveURL(/\/admin-property-details\/\d+$/);
    const id = Number(/\/admin-property-details\/(\d+)/.exec(page.url())![1]);
    await expect(page.getByRole("heading", { level: 1, name: address })).toBeVisible();
    const tabs = page.getByRole("navigation", { name: "Project sections" });
    await expect(tabs.getByRole("link", { name: "Upload Images" })).toHaveAttribute("aria-current", "page");
    await expectAccessible(page);
    await tabs.getByRole("link", { name: "Upload Floor plans" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin-property-details/${id}\\?tab=floorplans$`));
    await expect(tabs.getByRole("link", { name: "Upload Floor plans" })).toHaveAttribute("aria-current", "page");
    await tabs.getByRole("link", { name: "Upload documents" }).click();
    await expect(page).toHaveURL(/\?tab=documents$/);
    await tabs.getByRole("link", { name: "Add Details" }).click();
    await expect(page).toHaveURL(/\?tab=details$/);
    await expect(page.getByLabel("Address", { exact: true })).toHaveValue(address);
    await expect(page.getByLabel("Key features (optional)")).toHaveValue("Bay window\nCellar");
    await expectAccessible(page);

    // 'Add Details': an error first, kept with what was typed, then fixed.
    await page.getByLabel("Virtual tour address (optional)").fill("not a web address");
    await page.getByLabel("Heating (optional)").fill("Gas central heating");
    await page.getByRole("button", { name: "Submit Details" }).click();
    await expect(page.getByText("Enter the virtual tour's full web address, starting https://.")).toBeVisible();
    await expect(page.getByLabel("Virtual tour address (optional)")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Heating (optional)")).toHaveValue("Gas central heating");
    if (!withJs()) await expect(page.getByText("Failed to update project. Please try again.")).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel("Virtual tour address (optional)").fill("https://my.matterport.com/show/?m=abc123");
    await page.getByLabel("Key features (optional)").fill("Bay window, Cellar, 1,200 sq ft");
    await page.getByLabel("EPC rating", { exact: true }).selectOption("C");
    await page.getByRole("button", { name: "Submit Details" }).click();
    await expect(page.getByText("Project updated successfully!")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/admin-property-details/${id}\\?tab=details$`));
    await expect(page.getByLabel("Key features (optional)")).toHaveValue("Bay window\nCellar\n1,200 sq ft");
    await expect(page.getByLabel("EPC rating", { exact: true })).toHaveValue("C");

    // The media pack: two photos, a floor plan and a PDF (with JavaScript, through the progress dialog).
    await page.goto(`/admin-property-details/${id}?tab=images`);
    await waitForHydration(page, withJs());
    await uploadFiles(
      page,
      "Choose images",
      [
        { name: "front.jpg", mimeType: "image/jpeg", buffer: await photo(30) },
        { name: "garden.jpg", mimeType: "image/jpeg", buffer: await photo(180) },
      ],
      "Images uploaded successfully!",
    );
    await page.goto(`/admin-property-details/${id}?tab=floorplans`);
    await waitForHydration(page, withJs());
    await uploadFiles(
      page,
      "Choose floor plans",
      [{ name: "ground.png", mimeType: "image/png", buffer: await plan() }],
      "Floor Plans uploaded successfully!",
    );
    await page.goto(`/admin-property-details/${id}?tab=documents`);
    await waitForHydration(page, withJs());
    await page.getByLabel("Document type").selectOption("EPC");
    await uploadFiles(
      page,
      "Choose documents",
      [{ name: "epc.pdf", mimeType: "application/pdf", buffer: PDF }],
      "Documents uploaded successfully!",
    );
    await expectAccessible(page);
    await page.goto(`/admin-property-details/${id}?tab=details`);

    // Mark as Sold is not possible yet; Mark as Completed lists it.
    await expect(page.getByRole("button", { name: "Mark as Sold" })).toBeDisabled();
    await page.getByRole("button", { name: "Mark as Completed" }).click();
    await expect(page).toHaveURL(/\/admin-propertylisting$/);
    await expect(page.getByText("Property marked as completed: it is now listed.")).toBeVisible();
    await page.goto(`/view-properties?q=${encodeURIComponent(address)}`);
    await expect(page.getByRole("link", { name: new RegExp(address) }).first()).toBeVisible();
    await page.goto(`/view-properties/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: address })).toBeVisible();
    await expect(page.getByText("Gas central heating")).toBeVisible();
    // With its photos, as the admin uploaded them.
    await expect(page.getByRole("img", { name: `Photo 1 of ${address}` }).first()).toBeVisible();
    await expect(page.getByRole("img", { name: `Photo 2 of ${address}` }).first()).toBeAttached();

    await page.goto(`/admin-property-details/${id}`);
    await expect(page.getByText("Listed", { exact: true }).first()).toBeVisible();
    await page.getByRole("button", { name: "Mark as Sold" }).click();
    await expect(page).toHaveURL(/\/admin-propertylisting$/);
    await expect(page.getByText("Property marked as sold.")).toBeVisible();

    // Delete it, after confirming.
    await page.goto(`/admin-propertylisting?q=${encodeURIComponent(email)}`);
    await waitForHydration(page, withJs());
    const soldRow = page
      .getByRole("table", { name: /Property projects matching/ })
      .getByRole("row", { name: new RegExp(address) });
    await expect(soldRow).toContainText("Sold");
    if (withJs()) {
      await soldRow.getByRole("button", { name: `Delete ${address}` }).click();
      const dialog = page.getByRole("dialog", { name: "Delete project" });
      await expect(dialog.getByText("Are you sure you want to delete this project?")).toBeVisible();
      await expectAccessible(page);
      await dialog.getByRole("button", { name: "Yes, delete it" }).click();
    } else {
      await soldRow.getByRole("link", { name: `Delete ${address}` }).click();
      await expect(page).toHaveURL(new RegExp(`/admin-propertylisting/${id}/delete$`));
      await expect(page.getByRole("heading", { level: 1, name: "Delete project" })).toBeVisible();
      await expect(page.getByText("Are you sure you want to delete this project?")).toBeVisible();
      await page.getByRole("button", { name: "Yes, delete it" }).click();
    }
    await expect(page).toHaveURL(/\/admin-propertylisting$/);
    await expect(page.getByText("Project deleted.")).toBeVisible();
    expect((await page.request.get(`/admin-property-details/${id}`)).status()).toBe(404);
  });

  test("revoke a project's payment links: the links sent so far stop working, the new one works", async ({
    page,
    baseURL,
  }) => {
    const admin = await apiSession(baseURL!, DEMO_ADMIN);
    const created = await admin.post("/api/v1/admin/projects/create", {
      data: {
        address: "8 Revoked Link Road, Leicester",
        postcode: "LE1 6EJ",
        price: 240000,
        property_type: "Terraced",
        vendor_name: "Rita Revoke",
        vendor_email: "rita.revoke@example.com",
      },
    });
    const { id } = (await created.json()) as { id: number };
    const guest = await apiContext(baseURL!);
    const opens = async (link: string) => (await guest.get(new URL(link).pathname + new URL(link).search)).status();

    await page.goto("/login");
    await logInThroughForm(page, DEMO_ADMIN);
    await page.goto(`/admin-property-details/${id}`);
    const section = page.getByRole("region", { name: "Payment link" });
    const linkField = section.getByLabel("Link to send the customer");
    const sent = await linkField.inputValue();
    expect(sent).toMatch(new RegExp(`/payment/${id}\\?token=[\\w-]+$`));
    expect(await opens(sent)).toBe(200);
    await expectAccessible(page);

    await waitForHydration(page, withJs());
    await section.getByRole("button", { name: "Revoke payment link" }).click();
    await expect(page.getByText("Payment link revoked.")).toBeVisible();
    await expect(linkField).not.toHaveValue(sent);
    const renewed = await linkField.inputValue();
    expect(await opens(sent)).toBe(404);
    expect(await opens(renewed)).toBe(200);

    expect((await admin.delete(`/api/v1/admin/projects/${id}`)).status()).toBe(200);
    await Promise.all([admin.dispose(), guest.dispose()]);
  });

  test("/admin-property-details without a project: sign in, then the project list", async ({ page }) => {
    await page.goto("/admin-property-details");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin-property-details$/);
    await logInThroughForm(page, DEMO_ADMIN);
    await expect(page).toHaveURL(/\/admin-propertylisting$/);
    await expect(page.getByRole("heading", { level: 1, name: "Property projects" })).toBeVisible();
    await page.goto("/admin-property-details");
    await expect(page).toHaveURL(/\/admin-propertylisting$/);
  });

  test("/admin-property-details without a project is the 403 page for a vendor", async ({ page }) => {
    const vendor = newVendor();
    await (await apiSession(test.info().project.use.baseURL!, vendor, { signUp: true })).dispose();
    await page.goto("/login");
    await logInThroughForm(page, vendor);
    await expect(page).toHaveURL(/\/vendor-propertylisting$/);
    const response = await page.goto("/admin-property-details");
    expect(response?.status()).toBe(403);
    await expect(
      page.getByRole("heading", { level: 1, name: "This page isn't available to your account" }),
    ).toBeVisible();
    await expectAccessible(page);
  });
});
