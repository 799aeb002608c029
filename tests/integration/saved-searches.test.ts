// Saved searches through the API and the pages: any signed-in account keeps its own (others' answer 404),
// an unknown place is a field error, the same filters saved again update the one search, an account keeps at
// most 50, and a signed-out "Save this search" comes back after logging in to finish the save.
import { describe, expect, test } from "vitest";

import { prisma } from "../../app/lib/db.server";
import { action as apiOneAction, loader as apiOne } from "../../app/modules/saved-searches/api/saved-search";
import { action as apiCreate, loader as apiList } from "../../app/modules/saved-searches/api/saved-searches";
import { MAX_SAVED_SEARCHES } from "../../app/modules/saved-searches/options";
import { action as saveAction, loader as savePage } from "../../app/modules/saved-searches/pages/save-search";
import { action as listPageAction, loader as listPage } from "../../app/modules/saved-searches/pages/saved-searches";
import { setupTestDatabase } from "../support/database";
import { CookieJar, formPost, jsonPost, signedInJar } from "../support/requests";

setupTestDatabase();

const BASE = "http://localhost:3000";
let people = 0;
async function signedIn(role: "vendor" | "admin" = "vendor") {
  people += 1;
  const user = await prisma.user.create({
    data: { email: `saver${people}@example.com`, fullName: "Sam Saver", passwordHash: "not used", role },
  });
  return { user, jar: await signedInJar(user.id) };
}
const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: { clientIp: "203.0.113.8" } }) as never;
const body = { name: "Near the station", filters: { postcode: "LE1", radius: "5", minBeds: 2 }, frequency: "instant" };
const json = async (response: Response) => ({
  status: response.status,
  body: (await response.json()) as Record<string, unknown>,
});

describe("the API", () => {
  test("create, read, change and delete; the same filters again update the one search", async () => {
    const { jar } = await signedIn();
    const created = await json(await apiCreate(args(jar.request(`${BASE}/api/v1/saved-searches`, jsonPost(body)))));
    expect(created).toMatchObject({
      status: 201,
      body: {
        name: "Near the station",
        frequency: "instant",
        query: "postcode=LE1&radius=5&type=any&added=any&minBeds=2",
        filters: { postcode: "LE1", radius: "5", minBeds: 2, sort: "newest" },
        searchUrl: "/property-search?postcode=LE1&radius=5&type=any&added=any&minBeds=2",
      },
    });
    expect(created.body.description).toMatch(/within 5 miles of .*2\+ bedrooms/);
    const id = String(created.body.id);
    // The same search saved again (page 3 of it, even): updated, not doubled.
    const again = await json(
      await apiCreate(
        args(
          jar.request(
            `${BASE}/api/v1/saved-searches`,
            jsonPost({ ...body, name: "Renamed", filters: { ...body.filters, page: 3 } }),
          ),
        ),
      ),
    );
    expect(again).toMatchObject({ status: 200, body: { id: Number(id), name: "Renamed" } });
    const list = (await apiList(args(jar.request(`${BASE}/api/v1/saved-searches`)))) as Response;
    expect(((await list.json()) as unknown[]).length).toBe(1);

    const put = await json(
      await apiOneAction(
        args(
          jar.request(`${BASE}/api/v1/saved-searches/${id}`, {
            ...jsonPost({ ...body, frequency: "weekly", filters: { postcode: "LE2" } }),
            method: "PUT",
          }),
          { id },
        ),
      ),
    );
    expect(put).toMatchObject({
      status: 200,
      body: { frequency: "weekly", query: "postcode=LE2&radius=40&type=any&added=any" },
    });
    expect((await json(await apiOne(args(jar.request(`${BASE}/api/v1/saved-searches/${id}`), { id })))).status).toBe(
      200,
    );
    const deleted = await apiOneAction(
      args(jar.request(`${BASE}/api/v1/saved-searches/${id}`, { method: "DELETE" }), { id }),
    );
    expect(deleted.status).toBe(200);
    expect(await prisma.savedSearch.count()).toBe(0);
  });

  test("others' saved searches answer 404; an unknown place is a field error; signed out is 401", async () => {
    const owner = await signedIn();
    const other = await signedIn("admin");
    const { body: saved } = await json(
      await apiCreate(args(owner.jar.request(`${BASE}/api/v1/saved-searches`, jsonPost(body)))),
    );
    const id = String(saved.id);
    expect(
      (await json(await apiOne(args(other.jar.request(`${BASE}/api/v1/saved-searches/${id}`), { id })))).status,
    ).toBe(404);
    const put = jsonPost(body);
    expect(
      (
        await apiOneAction(
          args(other.jar.request(`${BASE}/api/v1/saved-searches/${id}`, { ...put, method: "PUT" }), { id }),
        )
      ).status,
    ).toBe(404);
    expect(
      (await apiOneAction(args(other.jar.request(`${BASE}/api/v1/saved-searches/${id}`, { method: "DELETE" }), { id })))
        .status,
    ).toBe(404);
    expect(await prisma.savedSearch.findUniqueOrThrow({ where: { id: Number(id) } })).toMatchObject({
      name: "Near the station",
    });

    const unknown = await json(
      await apiCreate(
        args(owner.jar.request(`${BASE}/api/v1/saved-searches`, jsonPost({ ...body, filters: { postcode: "ZZ9" } }))),
      ),
    );
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body.errors as object)).toEqual(["filters.postcode"]);
    const badRadius = await json(
      await apiCreate(
        args(owner.jar.request(`${BASE}/api/v1/saved-searches`, jsonPost({ ...body, filters: { radius: "7" } }))),
      ),
    );
    expect(Object.keys(badRadius.body.errors as object)).toEqual(["filters.radius"]);

    const anonymous = await apiCreate(args(new Request(`${BASE}/api/v1/saved-searches`, jsonPost(body)))).catch(
      (r: Response) => r,
    );
    expect(anonymous.status).toBe(401);
  });

  test(`an account keeps at most ${MAX_SAVED_SEARCHES}`, async () => {
    const { user, jar } = await signedIn();
    await prisma.savedSearch.createMany({
      data: Array.from({ length: MAX_SAVED_SEARCHES }, (_, i) => ({
        userId: user.id,
        name: `S${i}`,
        query: `postcode=LE${i + 1}`,
      })),
    });
    const refused = await json(await apiCreate(args(jar.request(`${BASE}/api/v1/saved-searches`, jsonPost(body)))));
    expect(refused.status).toBe(409);
    expect(await prisma.savedSearch.count()).toBe(MAX_SAVED_SEARCHES);
  });
});

describe("the pages", () => {
  const form = { query: "postcode=LE1&radius=5", name: "My LE1 search", frequency: "weekly" };

  test("signed out, Save this search goes to log in and back to a filled-in form whose button finishes the save", async () => {
    const response = (await saveAction(args(new Request(`${BASE}/saved-searches/new`, formPost(form))))) as Response;
    expect(response.status).toBe(302);
    const login = new URL(response.headers.get("Location")!, BASE);
    expect(login.pathname).toBe("/login");
    const back = login.searchParams.get("redirectTo")!;
    expect(back).toBe("/saved-searches/new?query=postcode%3DLE1%26radius%3D5&name=My+LE1+search&frequency=weekly");
    expect(await prisma.savedSearch.count()).toBe(0);

    // After logging in: the page shows the form filled in, and saves nothing by itself.
    const { user, jar } = await signedIn();
    const page = (await savePage(args(jar.request(`${BASE}${back}`)))) as Record<string, unknown>;
    expect(page).toMatchObject({
      mode: "form",
      query: "postcode=LE1&radius=5",
      defaults: { name: "My LE1 search", frequency: "weekly" },
    });
    expect(await prisma.savedSearch.count()).toBe(0);
    // A blank name is refused, and the page (loaded again for the same address) still has the search.
    const action = `${BASE}/saved-searches/new?query=${encodeURIComponent(form.query)}`;
    const blank = await saveAction(args(jar.request(action, formPost({ ...form, name: " " }))));
    expect((blank as { init: { status: number } }).init.status).toBe(400);
    expect(await savePage(args(jar.request(action)))).toMatchObject({ mode: "form", query: form.query });
    const saved = (await saveAction(args(jar.request(action, formPost(form))))) as Response;
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/saved-searches");
    expect(await prisma.savedSearch.findFirstOrThrow({ where: { userId: user.id } })).toMatchObject({
      name: "My LE1 search",
      frequency: "weekly",
      query: "postcode=LE1&radius=5&type=any&added=any",
    });
  });

  test("the list renames, changes how often, and deletes; turning emails back on starts from now", async () => {
    const { user, jar } = await signedIn();
    const search = await prisma.savedSearch.create({
      data: {
        userId: user.id,
        name: "Old",
        query: "postcode=LE1&radius=5&type=any&added=any",
        frequency: "never",
        checkedAt: new Date("2026-01-01"),
      },
    });
    const listed = (await listPage(args(jar.request(`${BASE}/saved-searches`)))) as {
      searches: { name: string; description: string }[];
    };
    expect(listed.searches).toMatchObject([{ name: "Old" }]);
    expect(listed.searches[0]!.description).toMatch(/within 5 miles of/);

    const post = (fields: Record<string, string>) =>
      listPageAction(args(jar.request(`${BASE}/saved-searches`, formPost(fields))));
    const renamed = (await post({
      intent: "update",
      id: String(search.id),
      name: "New name",
      frequency: "daily",
    })) as Response;
    expect(renamed.status).toBe(302);
    const after = await prisma.savedSearch.findUniqueOrThrow({ where: { id: search.id } });
    expect(after).toMatchObject({ name: "New name", frequency: "daily" });
    expect(after.checkedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);

    const blank = await post({ intent: "update", id: String(search.id), name: "  ", frequency: "daily" });
    expect((blank as { init: { status: number } }).init.status).toBe(400);

    const stranger = await signedIn();
    const notTheirs = await listPageAction(
      args(stranger.jar.request(`${BASE}/saved-searches`, formPost({ intent: "delete", id: String(search.id) }))),
    );
    expect((notTheirs as { init: { status: number } }).init.status).toBe(404);
    expect((await post({ intent: "delete", id: String(search.id) })) as Response).toMatchObject({ status: 302 });
    expect(await prisma.savedSearch.count()).toBe(0);
  });

  test("the list and the save page need a sign-in", async () => {
    const anonymous = new CookieJar();
    for (const run of [
      () => listPage(args(anonymous.request(`${BASE}/saved-searches`))),
      () => savePage(args(anonymous.request(`${BASE}/saved-searches/new?query=postcode%3DLE1`))),
    ]) {
      const response = (await run().catch((r: Response) => r)) as Response;
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    }
  });
});
