// Regressions the fuzzer found in the routes merged after it (back office, uploads, API tokens, account).
import { expect, test } from "vitest";

import { prisma } from "../../app/lib/db.server";
import { action as accountPage } from "../../app/routes/account";
import { action as apiTokensPage } from "../../app/routes/admin.api-tokens";
import { action as createPropertyPage } from "../../app/routes/admin-create-property";
import { action as detailsPage } from "../../app/routes/admin-property-details.$projectId";
import { action as mediaPage, loader as mediaLoader } from "../../app/routes/admin-property-details.$projectId.media";
import { setupTestDatabase } from "../support/database";
import { account, projectOf, settle } from "../support/payments";

setupTestDatabase();

const post = (
  action: (args: never) => unknown,
  path: string,
  cookie: string,
  body: string,
  contentType: string,
  params: Record<string, string> = {},
) =>
  settle(() =>
    action({
      request: new Request(`http://localhost${path}`, {
        method: "POST",
        body,
        headers: { "Content-Type": contentType, Cookie: cookie },
      }),
      params,
      context: { clientIp: "203.0.113.5" },
    } as never),
  );

test.each([
  ["application/json", '{"intent":"create"}'],
  ["text/plain", "intent=create"],
  ["multipart/form-data; boundary=x", "not really multipart"],
])("page actions refuse a %s body with 400, not a 500 (they read it with formDataOf)", async (contentType, body) => {
  const admin = await account("admin");
  const vendor = await account("vendor");
  const project = await projectOf(null);
  const params = { projectId: String(project.id) };
  expect((await post(accountPage, "/account", vendor.cookie, body, contentType)).status).toBe(400);
  expect((await post(createPropertyPage, "/admin-create-property", admin.cookie, body, contentType)).status).toBe(400);
  expect(
    (await post(detailsPage, `/admin-property-details/${project.id}`, admin.cookie, body, contentType, params)).status,
  ).toBe(400);
  expect((await post(apiTokensPage, "/admin/api-tokens", admin.cookie, body, contentType)).status).toBe(400);
  if (!contentType.startsWith("multipart")) {
    expect(
      (await post(mediaPage, `/admin-property-details/${project.id}/media`, admin.cookie, body, contentType, params))
        .status,
    ).toBe(400);
  }
  expect(await prisma.apiToken.count()).toBe(0);
  expect(await prisma.project.count()).toBe(1);
});

test("an upload whose part headers are too long, or not UTF-8, is a failed upload (toast), not a 500", async () => {
  const admin = await account("admin");
  const project = await projectOf(null);
  const longField = new FormData();
  longField.append("a".repeat(9_000), new Blob([new Uint8Array([1, 2, 3])]), "front.png");
  const latin1 = new Uint8Array([
    ...new TextEncoder().encode('--x\r\nContent-Disposition: form-data; name="files"; filename="'),
    0xe9,
    0xff,
    ...new TextEncoder().encode('.png"\r\n\r\nabc\r\n--x--\r\n'),
  ]);
  for (const body of [longField, latin1]) {
    const request = new Request(`http://localhost/admin-property-details/${project.id}/media?section=images`, {
      method: "POST",
      body,
      headers:
        body instanceof FormData
          ? { Cookie: admin.cookie }
          : { Cookie: admin.cookie, "Content-Type": "multipart/form-data; boundary=x" },
    });
    const result = await settle(() =>
      mediaPage({ request, params: { projectId: String(project.id) }, context: { clientIp: "203.0.113.5" } } as never),
    );
    expect(result.status).toBe(302);
    expect(result.location).toBe(`/admin-property-details/${project.id}?tab=images`);
  }
  expect(await prisma.projectImage.count()).toBe(0);
});

test("the media tab's redirect refuses a project id a Location header cannot hold (NUL) with 404, not a 500", async () => {
  const admin = await account("admin");
  const request = new Request("http://localhost/admin-property-details/%00/media?section=floorplans", {
    headers: { Cookie: admin.cookie },
  });
  const result = await settle(() => mediaLoader({ request, params: { projectId: "\u0000" }, context: {} } as never));
  expect(result.status).toBe(404);
});
