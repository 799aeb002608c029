import { expect, type Page, test } from "@playwright/test";

import { NOT_ZLIB_PNG } from "../support/crafted-images";
import { expectAccessible } from "./support/a11y";
import {
  apiSession,
  confirmAddressInBrowser,
  logInThroughForm,
  newVendor,
  signUpThroughForm,
} from "./support/accounts";
import { drawSignature } from "./support/contract";

const withJs = () => test.info().project.use.javaScriptEnabled !== false;

// A 1×1 transparent PNG.
const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

async function logInAsNewVendor(page: Page) {
  const vendor = newVendor();
  await (await apiSession(test.info().project.use.baseURL!, vendor, { signUp: true })).dispose();
  await page.goto("/login");
  await logInThroughForm(page, vendor);
  await expect(page).toHaveURL(/\/vendor-propertylisting$/);
  return vendor;
}

test.describe("vendor journey", () => {
  test("sign up, create a property, sign the contract, preview it, find it on the dashboard and delete it", async ({
    page,
  }) => {
    // The whole journey, with an accessibility scan of every screen on the way.
    test.slow();
    const vendor = newVendor();
    const address = `${Date.now() % 100000} Granby Street, Leicester`;
    await page.goto("/signup");
    await signUpThroughForm(page, vendor);
    await expect(page).toHaveURL(/\/login$/);
    await confirmAddressInBrowser(page, vendor.email);
    await page.goto("/login");
    await logInThroughForm(page, vendor);
    await expect(page).toHaveURL(/\/vendor-propertylisting$/);
    await expect(page.getByText("You have no property projects yet.")).toBeVisible();
    await expectAccessible(page);

    // Create the project.
    await page.getByRole("link", { name: "+ Create Property" }).first().click();
    await expect(page).toHaveURL(/\/vendor-property-details$/);
    await expect(page.getByRole("heading", { level: 1, name: "Tell us about your property" })).toBeVisible();
    await expect(page.getByText(`The project will be in your name, ${vendor.fullName}`)).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel("Address").fill(address);
    await page.getByLabel("Asking price").fill("285,000");
    await page.getByLabel("Property type").selectOption("Terraced");
    await page.getByLabel("Bedrooms").selectOption("3");
    await page.getByLabel("Key features (optional)").fill("Bay window\n\n  Gas central heating  ");
    await page.getByRole("group", { name: "Parking" }).getByLabel("Yes").check();
    await page.getByLabel("Description (optional)").fill("A bay-fronted Victorian terrace close to the station.");
    if (withJs()) {
      // Address suggestion, then a click on the map (tiles are off in tests; the click still places the pin).
      await page.getByRole("combobox", { name: "Postcode" }).fill("LE1 6E");
      await page.getByRole("option", { name: /^LE1 6EJ/ }).click();
      await expect(page.getByRole("combobox", { name: "Postcode" })).toHaveValue("LE1 6EJ");
      await page.locator(".leaflet-container").click({ position: { x: 300, y: 200 } });
      await expect(page.getByLabel("Map location (optional)")).toHaveValue(/^5\d\.\d{6}, -?\d\.\d{6}$/);
    } else {
      await expect(page.getByText("The map needs JavaScript.")).toBeVisible();
      await page.getByLabel("Postcode", { exact: true }).fill("le1 6ej");
    }
    await page.getByRole("button", { name: "Continue to the contract" }).click();

    // Sign the contract.
    await expect(page).toHaveURL(/\/sign-contract\/\d+$/);
    const id = Number(/\/sign-contract\/(\d+)$/.exec(page.url())![1]);
    await expect(page.getByRole("heading", { level: 1, name: "Thank you!" })).toBeVisible();
    await expect(page.getByText("Project created. Please read and sign your contract.")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: "View Contract" }).click();
    if (withJs()) {
      const dialog = page.getByRole("dialog", { name: "Your contract" });
      await expect(dialog.getByRole("heading", { name: "5. Your right to cancel within 14 days" })).toBeVisible();
      await expect(dialog.getByText(address).first()).toBeVisible();
      await expectAccessible(page);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
    } else {
      await expect(page).toHaveURL(/\?view=contract$/);
      await expect(page.getByRole("heading", { name: "5. Your right to cancel within 14 days" })).toBeVisible();
    }
    const draft = await page.request.get(`/sign-contract/${id}/contract.pdf`);
    expect(draft.headers()["content-type"]).toBe("application/pdf");
    expect((await draft.body()).subarray(0, 5).toString()).toBe("%PDF-");

    const next = page.getByRole("button", { name: "Next" });
    if (withJs()) {
      await expect(page.getByText("Draw or upload your signature to continue.")).toBeVisible();
      await expect(next).toBeDisabled();
      await drawSignature(page);
      await expect(next).toBeEnabled();
    } else {
      await expect(page.getByLabel("Type your full name to sign")).toHaveValue(vendor.fullName);
    }
    await page.getByLabel(/I have read the contract and agree/).check();
    await next.click();
    await expect(page).toHaveURL(new RegExp(`/payment/${id}$`));

    // The preview.
    await page.goto(`/view-a-property/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: address })).toBeVisible();
    await expect(page.getByRole("link", { name: "Pay Now" })).toHaveAttribute("href", `/payment/${id}`);
    await expect(page.getByText("£285,000")).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "Gas central heating" })).toBeVisible();
    await expect(page.getByText("Parking: Yes")).toBeVisible();
    await expect(page.getByText("Contract signed (done)")).toBeAttached();
    await expect(page.getByText("Package paid (not yet)")).toBeAttached();
    await expectAccessible(page);
    const signed = await page.request.get(`/sign-contract/${id}/contract.pdf`);
    expect(signed.headers()["content-disposition"]).toContain("-signed.pdf");
    await expect(page.getByRole("link", { name: "Download signed contract (PDF)" })).toBeVisible();

    // The dashboard: listed, and the search box filters through the URL.
    await page.getByRole("link", { name: "← Back to Listings" }).click();
    const table = page.getByRole("table", { name: /Your property projects/ });
    await expect(table.getByRole("row", { name: new RegExp(address) })).toBeVisible();
    const search = page.getByRole("searchbox", { name: "Find a property" });
    await search.fill("no such street");
    if (!withJs()) await search.press("Enter");
    await expect(page).toHaveURL(/\?q=no\+such\+street$/);
    await expect(page.getByText("No properties match “no such street”.")).toBeVisible();
    await search.fill("granby");
    if (!withJs()) await search.press("Enter");
    await expect(page).toHaveURL(/\?q=granby$/);
    await expect(table.getByRole("row", { name: new RegExp(address) })).toBeVisible();
    await expect(page.getByText("1 property matches “granby”.")).toBeVisible();
    await expectAccessible(page);

    // Delete, after confirming.
    if (withJs()) {
      await table.getByRole("button", { name: `Delete ${address}` }).click();
      const dialog = page.getByRole("dialog", { name: "Delete property" });
      await expect(dialog.getByText("Are you sure you want to delete this property?")).toBeVisible();
      await expectAccessible(page);
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toBeHidden();
      await table.getByRole("button", { name: `Delete ${address}` }).click();
      await dialog.getByRole("button", { name: "Yes, delete it" }).click();
    } else {
      await table.getByRole("link", { name: `Delete ${address}` }).click();
      await expect(page).toHaveURL(new RegExp(`/vendor-propertylisting/${id}/delete$`));
      await expect(page.getByRole("heading", { level: 1, name: "Delete property" })).toBeVisible();
      await expect(page.getByText("Are you sure you want to delete this property?")).toBeVisible();
      await page.getByRole("button", { name: "Yes, delete it" }).click();
    }
    await expect(page).toHaveURL(/\/vendor-propertylisting$/);
    await expect(page.getByText("Property deleted.")).toBeVisible();
    await expect(page.getByText("You have no property projects yet.")).toBeVisible();
  });

  test("the form shows field errors, keeps what was typed, and saves an unknown postcode with a note", async ({
    page,
  }) => {
    await logInAsNewVendor(page);
    await page.goto("/vendor-property-details");
    await page.getByLabel("Address").fill("4 Nowhere Lane");
    await page.getByLabel("Postcode", { exact: true }).fill("ZZ1");
    await page.getByLabel("Asking price").fill("0");
    await page.getByRole("button", { name: "Continue to the contract" }).click();
    await expect(page.getByText("Enter a full UK postcode, like LE1 6EJ.")).toBeVisible();
    await expect(page.getByText("Enter a price above £0.")).toBeVisible();
    await expect(page.getByText("Choose the property type.")).toBeVisible();
    await expect(page.getByLabel("Address")).toHaveValue("4 Nowhere Lane");
    await expect(page.getByLabel("Asking price")).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page);

    await page.getByLabel("Postcode", { exact: true }).fill("ZE9 9ZZ");
    await page.getByLabel("Asking price").fill("150000");
    await page.getByLabel("Property type").selectOption("Bungalow");
    await page.getByRole("button", { name: "Continue to the contract" }).click();
    await expect(page).toHaveURL(/\/sign-contract\/\d+$/);
    await expect(page.getByText("We couldn't find the postcode ZE9 9ZZ")).toBeVisible();
    const id = /\/sign-contract\/(\d+)$/.exec(page.url())![1];
    await page.goto(`/view-a-property/${id}`);
    await expect(page.getByText("Location data not available")).toBeVisible();
    await expect(page.getByText("Not specified").first()).toBeVisible();
  });

  test("with JavaScript: sign with an uploaded image, or by typing the name", async ({ page }) => {
    test.skip(
      !withJs(),
      "drawing, uploading into the pad and switching to a typed name need JavaScript; the no-JS typed signature is in the journey test",
    );
    const baseURL = test.info().project.use.baseURL!;
    const vendor = await logInAsNewVendor(page);
    const api = await apiSession(baseURL, vendor);
    const ids: number[] = [];
    for (const n of [1, 2]) {
      const response = await api.post("/api/v1/vendor/bookings", {
        data: { address: `${n} Upload Road, Leicester`, postcode: "LE1 6EJ", price: 200000, property_type: "Detached" },
      });
      ids.push(((await response.json()) as { id: number }).id);
    }
    await api.dispose();

    await page.goto(`/sign-contract/${ids[0]}`);
    const fileInput = page.getByLabel("Signature image (PNG or JPEG, up to 1 MB)");
    await fileInput.setInputFiles({
      name: "signature.png",
      mimeType: "image/png",
      buffer: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"),
    });
    await expect(page.getByText("The signature must be a PNG or JPEG image.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Next" })).toBeDisabled();
    await fileInput.setInputFiles({ name: "signature.png", mimeType: "image/png", buffer: TINY_PNG });
    await expect(page.getByRole("button", { name: "Next" })).toBeEnabled();
    await page.getByRole("button", { name: "Clear" }).click();
    await expect(page.getByRole("button", { name: "Next" })).toBeDisabled();
    await fileInput.setInputFiles({ name: "signature.png", mimeType: "image/png", buffer: TINY_PNG });
    await page.getByLabel(/I have read the contract and agree/).check();
    await page.getByLabel(/Please start work straight away/).check();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(new RegExp(`/payment/${ids[0]}$`));
    await page.goto(`/sign-contract/${ids[0]}`);
    await expect(page.getByRole("heading", { name: "Contract signed" })).toBeVisible();
    await expect(page.getByText("You asked us to start work straight away.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Continue to payment" })).toHaveAttribute("href", `/payment/${ids[0]}`);
    await expectAccessible(page);

    await page.goto(`/sign-contract/${ids[1]}`);
    await page.getByRole("button", { name: "Can't draw? Sign by typing your name instead" }).click();
    await expect(page.getByRole("img", { name: /Signature pad/ })).toBeHidden();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Tick the box to confirm that you agree to the contract.")).toBeVisible();
    await page.getByLabel("Type your full name to sign").fill("Ann Typed");
    await page.getByLabel(/I have read the contract and agree/).check();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(new RegExp(`/payment/${ids[1]}$`));
  });

  test("a signature image that does not decode is refused with a field error, and the server carries on", async ({
    page,
  }) => {
    const baseURL = test.info().project.use.baseURL!;
    const vendor = await logInAsNewVendor(page);
    const api = await apiSession(baseURL, vendor);
    const created = await api.post("/api/v1/vendor/bookings", {
      data: {
        address: "4 Broken Image Road, Leicester",
        postcode: "LE1 6EJ",
        price: 200000,
        property_type: "Detached",
      },
    });
    const { id } = (await created.json()) as { id: number };
    await api.dispose();

    await page.goto(`/sign-contract/${id}`);
    const unreadable = "The signature image could not be read. Try another PNG or JPEG file.";
    if (withJs()) {
      // The pad draws an upload into its canvas, so the page itself never sends a file; a client can.
      const hash = await page.locator('input[name="contract_hash"]').inputValue();
      const posted = await page.request.post(`/sign-contract/${id}`, {
        multipart: {
          signer_name: vendor.fullName,
          agree: "on",
          contract_hash: hash,
          signature: `data:image/png;base64,${NOT_ZLIB_PNG.toString("base64")}`,
        },
      });
      expect(posted.status()).toBe(400);
      expect(await posted.text()).toContain(unreadable);
    } else {
      await page
        .getByLabel("Or upload an image of your signature (optional)")
        .setInputFiles({ name: "signature.png", mimeType: "image/png", buffer: NOT_ZLIB_PNG });
      await page.getByLabel(/I have read the contract and agree/).check();
      await page.getByRole("button", { name: "Next" }).click();
      await expect(page.getByText(unreadable)).toBeVisible();
      await expect(page.getByLabel("Type your full name to sign")).toHaveValue(vendor.fullName);
      await expectAccessible(page);
    }
    // Still serving, the contract still unsigned, and its PDF still builds.
    await page.goto(`/sign-contract/${id}`);
    await expect(page.getByRole("heading", { name: "Sign the contract" })).toBeVisible();
    const pdf = await page.request.get(`/sign-contract/${id}/contract.pdf`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-disposition"]).toContain("-draft.pdf");
  });

  test("another vendor's property is a 404 on every page", async ({ page }) => {
    const baseURL = test.info().project.use.baseURL!;
    const owner = newVendor("owner");
    const api = await apiSession(baseURL, owner, { signUp: true });
    const response = await api.post("/api/v1/vendor/bookings", {
      data: { address: "9 Private Road, Leicester", postcode: "LE1 6EJ", price: 200000, property_type: "Detached" },
    });
    const { id } = (await response.json()) as { id: number };
    await api.dispose();

    await logInAsNewVendor(page);
    for (const path of [`/view-a-property/${id}`, `/sign-contract/${id}`, `/vendor-propertylisting/${id}/delete`]) {
      const visit = await page.goto(path);
      expect(visit?.status(), path).toBe(404);
      await expect(page.getByText("9 Private Road")).toHaveCount(0);
    }
    expect((await page.request.get(`/sign-contract/${id}/contract.pdf`)).status()).toBe(404);
  });

  test("the success page", async ({ page }) => {
    await logInAsNewVendor(page);
    await page.goto("/success");
    await expect(page.getByRole("heading", { level: 1, name: "Thank You!" })).toBeVisible();
    await expect(page.getByText("You have created the project successfully")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: "OK", exact: true }).click();
    await expect(page).toHaveURL(/\/vendor-propertylisting$/);
  });
});
