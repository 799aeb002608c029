// Signing a project's contract (/sign-contract/{id}), as a vendor does before paying.
import { type APIRequestContext, expect, type Page } from "@playwright/test";

/** Draws a signature on the pad with the mouse (JavaScript only). */
export async function drawSignature(page: Page) {
  const pad = page.getByRole("img", { name: /Signature pad/ });
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 40, box.y + 120);
  await page.mouse.down();
  await page.mouse.move(box.x + 120, box.y + 60, { steps: 8 });
  await page.mouse.move(box.x + 220, box.y + 130, { steps: 8 });
  await page.mouse.move(box.x + 320, box.y + 70, { steps: 8 });
  await page.mouse.up();
}

/** On the signing page: draws (with JavaScript) or keeps the typed name (without), agrees and presses Next. */
export async function signOnPage(page: Page, { javaScript }: { javaScript: boolean }) {
  await expect(page.getByRole("heading", { level: 1, name: "Thank you!" })).toBeVisible();
  if (javaScript) await drawSignature(page);
  await page.getByLabel(/I have read the contract and agree/).check();
  await page.getByRole("button", { name: "Next" }).click();
}

/** Signs the contract of the signed-in vendor's project over HTTP, as the form without JavaScript posts it (typed name). */
export async function signOverHttp(api: APIRequestContext, bookingId: number, signerName: string) {
  const page = await (await api.get(`/sign-contract/${bookingId}`)).text();
  const hash = /name="contract_hash" value="([a-f0-9]{64})"/.exec(page)?.[1];
  expect(hash, "the signing page carries the contract's hash").toBeTruthy();
  const signed = await api.post(`/sign-contract/${bookingId}`, {
    form: { signer_name: signerName, agree: "on", contract_hash: hash! },
    maxRedirects: 0,
  });
  expect(signed.status(), await signed.text()).toBe(302);
  expect(signed.headers().location).toBe(`/payment/${bookingId}`);
}
