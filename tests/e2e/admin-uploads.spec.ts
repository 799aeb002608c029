import { expect, type Page, test } from "@playwright/test";

import { expectAccessible } from "./support/a11y";
import { DEMO_ADMIN, logInThroughForm } from "./support/accounts";
import { waitForHydration } from "./support/hydration";
import { PDF, photo, plan, uploadFiles } from "./support/uploads";

const withJs = () => test.info().project.use.javaScriptEnabled !== false;

async function openTab(page: Page, id: number, tab: string) {
  await page.goto(`/admin-property-details/${id}?tab=${tab}`);
  await waitForHydration(page, withJs());
}

test.describe("admin uploads", () => {
  test("two photos, a floor plan and a PDF on a demo property, with progress (JS) or plain forms (no JS)", async ({
    page,
  }) => {
    test.slow();
    const tag = withJs() ? "js" : "nojs";
    const bookings = (await (await page.request.get("/api/v1/bookings")).json()) as { id: number }[];
    const id = bookings[withJs() ? 1 : 2]!.id;
    await page.goto(`/login?redirectTo=${encodeURIComponent(`/admin-property-details/${id}?tab=images`)}`);
    await logInThroughForm(page, DEMO_ADMIN);
    await expect(page).toHaveURL(new RegExp(`/admin-property-details/${id}\\?tab=images$`));
    await waitForHydration(page, withJs());
    await expect(page.getByRole("heading", { level: 2, name: "Upload Images" })).toBeVisible();
    await expectAccessible(page);
    const before = await page.getByRole("textbox", { name: /^Description of photo/ }).count();

    await uploadFiles(
      page,
      "Choose images",
      [
        { name: `${tag}-front.jpg`, mimeType: "image/jpeg", buffer: await photo(40) },
        { name: `${tag}-kitchen.jpg`, mimeType: "image/jpeg", buffer: await photo(200) },
      ],
      "Images uploaded successfully!",
    );
    await expect(page.getByText(`${tag}-front.webp`)).toBeVisible();
    await expect(page.getByText(`${tag}-kitchen.webp`)).toBeVisible();
    const descriptions = page.getByRole("textbox", { name: /^Description of photo/ });
    await expect(descriptions).toHaveCount(before + 2);
    await expect(descriptions.nth(before)).toHaveValue(new RegExp(`^Photo ${before + 1} of `));
    await expectAccessible(page);

    // Describe the new last photo, then move it up one place.
    const last = before + 2;
    await page.getByLabel(`Description of photo ${last} (alt text)`).fill(`Kitchen (${tag})`);
    await page.getByRole("button", { name: `Save the description of photo ${last}` }).click();
    await expect(page.getByLabel(`Description of photo ${last} (alt text)`)).toHaveValue(`Kitchen (${tag})`);
    await page.getByRole("button", { name: `Move photo ${last} up` }).click();
    await expect(page.getByLabel(`Description of photo ${last - 1} (alt text)`)).toHaveValue(`Kitchen (${tag})`);
    await expect(page.getByRole("img", { name: `Kitchen (${tag})` })).toBeVisible();

    await openTab(page, id, "floorplans");
    await expect(page.getByRole("heading", { level: 2, name: "Upload Floor plans" })).toBeVisible();
    await uploadFiles(
      page,
      "Choose floor plans",
      [{ name: `${tag}-ground.png`, mimeType: "image/png", buffer: await plan() }],
      "Floor Plans uploaded successfully!",
    );
    await expect(page.getByText(`floor_${tag}-ground.webp`)).toBeVisible();
    await expectAccessible(page);

    await openTab(page, id, "documents");
    await page.getByLabel("Document type").selectOption("RICS");
    await uploadFiles(
      page,
      "Choose documents",
      [{ name: `${tag}-survey.pdf`, mimeType: "application/pdf", buffer: PDF }],
      "Documents uploaded successfully!",
    );
    const link = page.getByRole("link", { name: `${tag}-survey.pdf` });
    await expect(link).toBeVisible();
    await expectAccessible(page);
    const download = await page.request.get((await link.getAttribute("href"))!);
    expect(download.headers()["content-type"]).toBe("application/pdf");
    expect(download.headers()["content-disposition"]).toBe(
      `attachment; filename="${tag}-survey.pdf"; filename*=UTF-8''${tag}-survey.pdf`,
    );
    expect(download.headers()["x-content-type-options"]).toBe("nosniff");
    expect(download.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");

    // A file that is not what it claims: refused with the spec's message and the reason.
    await page
      .getByLabel("Choose documents")
      .setInputFiles({ name: "notes.pdf", mimeType: "application/pdf", buffer: Buffer.from("<html>not a pdf</html>") });
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(page.getByText("Failed to upload document. Please try again.")).toBeVisible();
    await expect(
      page.getByText("“notes.pdf” is not a PDF or Word document. Documents must be PDF, DOC or DOCX files."),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "notes.pdf" })).toHaveCount(0);

    // The listing's public data has the new photos, in their order, with their descriptions.
    const booking = (await (await page.request.get(`/api/v1/bookings/${id}`)).json()) as {
      images: { alt_text: string }[];
    };
    expect(booking.images.map((i) => i.alt_text).slice(before, before + 2)).toEqual([
      `Kitchen (${tag})`,
      expect.stringMatching(/^Photo \d+ of /),
    ]);
  });
});
