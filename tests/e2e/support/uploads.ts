// Files and the upload step shared by the admin journeys: real JPEG/PNG bytes made with sharp, a minimal PDF.
import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";

const withJs = () => test.info().project.use.javaScriptEnabled !== false;

export const photo = (r: number) =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: { r, g: 120, b: 90 } } })
    .jpeg()
    .toBuffer();
export const plan = () =>
  sharp({ create: { width: 600, height: 400, channels: 3, background: "#ffffff" } })
    .png()
    .toBuffer();
export const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
);

/** Uploads through the tab's form: with JavaScript the progress dialog must show, then the success message. */
export async function uploadFiles(
  page: Page,
  label: string,
  files: { name: string; mimeType: string; buffer: Buffer }[],
  success: string,
) {
  await page.getByLabel(label).setInputFiles(files);
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  if (withJs()) {
    const progress = page.getByRole("dialog").getByRole("progressbar");
    await expect(progress).toBeVisible();
    // Held at 100% for a second after the server has stored the files.
    await expect(progress).toHaveAttribute("aria-valuenow", "100");
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(page.getByRole("main").getByRole("status").filter({ hasText: success })).toBeVisible();
  } else {
    await expect(page.getByRole("status").filter({ hasText: success })).toBeVisible();
  }
}
