// Buyer accounts and saved homes: sign-up as a buyer, the shortlist's rules (public homes only, idempotent
// saves, 404s), what changed since saving, the save form signed out and in, and that each viewer sees only
// their own saved state on the public pages.
import { describe, expect, test } from "vitest";

import { prisma } from "../../app/lib/db.server";
import { toasts } from "../../app/lib/toast.server";
import { registerAccount } from "../../app/modules/auth/accounts.server";
import { paymentHistory } from "../../app/modules/payments/history.server";
import { closeAccount, exportAccountData } from "../../app/modules/privacy/account.server";
import { action as shortlistItemApi } from "../../app/modules/shortlist/api/saved-home";
import { loader as shortlistApi } from "../../app/modules/shortlist/api/shortlist";
import { loader as finishSavePage } from "../../app/modules/shortlist/pages/save-home";
import { action as savedHomesAction, loader as savedHomesPage } from "../../app/modules/shortlist/pages/saved-homes";
import {
  listSavedHomes,
  removeSavedEntry,
  removeSavedHome,
  SAVED_HOMES_LIMIT,
  saveHome,
} from "../../app/modules/shortlist/shortlist.server";
import { loader as meApi } from "../../app/routes/api.v1.auth.me";
import { action as signupApi } from "../../app/routes/api.v1.auth.signup";
import { action as loginPage } from "../../app/routes/login";
import { action as signupPage } from "../../app/routes/signup";
import { loader as listingsPage } from "../../app/routes/view-properties";
import { loader as listingPage } from "../../app/routes/view-properties.$projectId";
import { confirmAddressOf } from "../support/accounts";
import { setupTestDatabase } from "../support/database";
import { createListing } from "../support/listings";
import { CookieJar, formPost, jsonPost, signedInJar } from "../support/requests";

setupTestDatabase();

const net = { ipAddress: "203.0.113.9" };
const context = { clientIp: net.ipAddress };
const person = (email: string) => ({
  fullName: "Bea Buyer",
  email,
  phoneNumber: "07700 900123",
  password: "a long test password",
});

const call = <T>(handler: (args: never) => T, request: Request, params: Record<string, string> = {}) =>
  handler({ request, params, context } as never);

describe("buyer accounts", () => {
  test("sign-up makes a buyer when asked, a vendor when not, and never an admin", async () => {
    const api = (body: unknown) =>
      call(signupApi, new Request("http://localhost/api/v1/auth/signup", jsonPost(body))) as Promise<Response>;
    const buyer = await api({ ...person("bea@example.com"), userType: "buyer" });
    expect(buyer.status).toBe(201);
    expect(((await buyer.json()) as { user: { userType: string } }).user.userType).toBe("buyer");
    expect((await api(person("vic@example.com"))).status).toBe(201);
    const admin = await api({ ...person("eve@example.com"), userType: "admin" });
    expect(admin.status).toBe(400);
    expect(((await admin.json()) as { errors: Record<string, string[]> }).errors.userType).toEqual([
      "Choose buying or selling.",
    ]);
    const roles = await prisma.user.findMany({ select: { email: true, role: true }, orderBy: { email: "asc" } });
    expect(roles).toEqual([
      { email: "bea@example.com", role: "buyer" },
      { email: "vic@example.com", role: "vendor" },
    ]);
  });

  test("the sign-up form asks buying or selling (unanswered: selling); a buyer's login lands on /my-home-search", async () => {
    const form = (email: string, userType?: string) =>
      call(
        signupPage,
        new Request(
          "http://localhost/signup",
          formPost({ ...person(email), confirmPassword: "a long test password", userType }),
        ),
      ) as Promise<Response>;
    expect((await form("bea@example.com", "buyer")).status).toBe(302);
    expect((await form("vic@example.com")).status).toBe(302);
    expect(await prisma.user.findUniqueOrThrow({ where: { email: "bea@example.com" } })).toMatchObject({
      role: "buyer",
    });
    expect(await prisma.user.findUniqueOrThrow({ where: { email: "vic@example.com" } })).toMatchObject({
      role: "vendor",
    });
    // Once each has confirmed the address with the emailed link.
    await confirmAddressOf("bea@example.com");
    await confirmAddressOf("vic@example.com");
    const login = (email: string) =>
      call(
        loginPage,
        new Request("http://localhost/login", formPost({ email, password: "a long test password" })),
      ) as Promise<Response>;
    expect((await login("bea@example.com")).headers.get("Location")).toBe("/my-home-search");
    expect((await login("vic@example.com")).headers.get("Location")).toBe("/vendor-propertylisting");
  });

  test("/auth/me says buyer; a buyer has no payments to see (403)", async () => {
    const buyer = await registerAccount({ ...person("bea@example.com"), userType: "buyer" }, net);
    const jar = await signedInJar(buyer.id);
    const me = (await call(meApi, jar.request("http://localhost/api/v1/auth/me"))) as Response;
    expect(((await me.json()) as { userType: string }).userType).toBe("buyer");
    await expect(paymentHistory(buyer)).rejects.toMatchObject({ status: 403 });
  });
});

describe("saved homes", () => {
  const buyer = () => registerAccount({ ...person("bea@example.com"), userType: "buyer" }, net);

  test("only public homes can be saved; saving twice is one save; removing what is not saved is a 404", async () => {
    const { id: userId } = await buyer();
    const listed = await createListing({ price: 300_000 });
    const sold = await createListing({ status: "sold" });
    const pending = await createListing({ status: "pending", listedAt: null });
    expect(await saveHome(userId, listed.id)).toEqual({ created: true, projectId: listed.id });
    expect(await saveHome(userId, String(listed.id))).toEqual({ created: false, projectId: listed.id });
    expect(await saveHome(userId, sold.id)).toMatchObject({ created: true });
    for (const id of [pending.id, 999_999, "abc", -1])
      await expect(saveHome(userId, id)).rejects.toMatchObject({ status: 404 });
    expect(await prisma.savedHome.count()).toBe(2);
    await removeSavedHome(userId, listed.id);
    await expect(removeSavedHome(userId, listed.id)).rejects.toMatchObject({ status: 404 });
    expect(await prisma.savedHome.count()).toBe(1);
  });

  test("an account keeps at most SAVED_HOMES_LIMIT homes", async () => {
    const { id: userId } = await buyer();
    const home = await createListing();
    await prisma.savedHome.createMany({
      data: Array.from({ length: SAVED_HOMES_LIMIT }, (_, i) => ({
        userId,
        projectId: null,
        priceAtSave: 100_000,
        statusAtSave: "completed" as const,
        addressAtSave: `${i} Old Road, Leicester`,
      })),
    });
    await expect(saveHome(userId, home.id)).rejects.toMatchObject({ status: 409 });
  });

  test("the list says what changed since saving: reduced, increased, sold, withdrawn (deleted or no longer public)", async () => {
    const { id: userId } = await buyer();
    const [reduced, increased, sold, deleted, unlisted, same] = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) => createListing({ address: `${n} Change Road, Leicester LE1 1AA`, price: 300_000 })),
    );
    for (const home of [reduced, increased, sold, deleted, unlisted, same]) await saveHome(userId, home!.id);
    await prisma.project.update({ where: { id: reduced!.id }, data: { price: 275_000 } });
    await prisma.project.update({ where: { id: increased!.id }, data: { price: 310_000 } });
    await prisma.project.update({ where: { id: sold!.id }, data: { status: "sold", price: 290_000 } });
    await prisma.project.delete({ where: { id: deleted!.id } });
    await prisma.project.update({ where: { id: unlisted!.id }, data: { status: "pending" } });
    const homes = await listSavedHomes(userId);
    const byAddress = Object.fromEntries(homes.map((home) => [home.address.split(" ")[0], home]));
    expect(byAddress["1"]!.changes).toEqual([{ kind: "price-reduced", from: 300_000, to: 275_000 }]);
    expect(byAddress["2"]!.changes).toEqual([{ kind: "price-increased", from: 300_000, to: 310_000 }]);
    expect(byAddress["3"]!.changes).toEqual([{ kind: "sold" }, { kind: "price-reduced", from: 300_000, to: 290_000 }]);
    expect(byAddress["4"]).toMatchObject({ projectId: null, listing: null, changes: [{ kind: "withdrawn" }] });
    expect(byAddress["4"]!.address).toBe("4 Change Road, Leicester LE1 1AA");
    expect(byAddress["5"]).toMatchObject({ listing: null, changes: [{ kind: "withdrawn" }] });
    expect(byAddress["6"]!.changes).toEqual([]);
    // A deleted home is removed by its entry's id, and only by its owner.
    const other = await registerAccount({ ...person("cal@example.com"), userType: "buyer" }, net);
    await expect(removeSavedEntry(other.id, byAddress["4"]!.id)).rejects.toMatchObject({ status: 404 });
    await removeSavedEntry(userId, byAddress["4"]!.id);
    expect(await listSavedHomes(userId)).toHaveLength(5);
  });

  test("the API: PUT 201 then 200, GET lists, DELETE 204 then 404, pending homes 404, signed out 401", async () => {
    const { id: userId } = await buyer();
    const jar = await signedInJar(userId);
    const home = await createListing({ price: 320_000 });
    const pending = await createListing({ status: "pending", listedAt: null });
    const item = (method: string, id: number, who = jar) =>
      call(shortlistItemApi, who.request(`http://localhost/api/v1/shortlist/${id}`, { method }), {
        propertyId: String(id),
      }) as Promise<Response>;
    const first = await item("PUT", home.id);
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({
      propertyId: home.id,
      priceAtSave: 320_000,
      price: 320_000,
      status: "completed",
      changes: [],
    });
    expect((await item("PUT", home.id)).status).toBe(200);
    expect((await item("PUT", pending.id)).status).toBe(404);
    expect((await item("PUT", home.id, new CookieJar())).status).toBe(401);
    const list = (await call(shortlistApi, jar.request("http://localhost/api/v1/shortlist"))) as Response;
    expect(((await list.json()) as unknown[]).length).toBe(1);
    expect((await item("DELETE", home.id)).status).toBe(204);
    expect((await item("DELETE", home.id)).status).toBe(404);
  });

  test("the save form signed out goes to log in, then to a page that finishes the save; nothing is saved on GET", async () => {
    const home = await createListing();
    const returnTo = `/property-search?postcode=LE1&radius=5`;
    const post = (jar: CookieJar, fields: Record<string, string>) =>
      call(
        savedHomesAction,
        jar.request("http://localhost/saved-homes", formPost({ intent: "save", ...fields })),
      ) as Promise<Response>;
    const signedOut = await post(new CookieJar(), { propertyId: String(home.id), returnTo });
    expect(signedOut.status).toBe(302);
    const login = new URL(signedOut.headers.get("Location")!, "http://localhost");
    expect(login.pathname).toBe("/login");
    const finish = login.searchParams.get("redirectTo")!;
    expect(finish).toBe(`/saved-homes/new?propertyId=${home.id}&returnTo=${encodeURIComponent(returnTo)}`);

    const { id: userId } = await buyer();
    const jar = await signedInJar(userId);
    const page = (await call(finishSavePage, jar.request(`http://localhost${finish}`))) as {
      alreadySaved: boolean;
      returnTo: string;
    };
    expect(page).toMatchObject({ alreadySaved: false, returnTo });
    expect(await prisma.savedHome.count()).toBe(0);

    const saved = await post(jar, { propertyId: String(home.id), returnTo });
    expect(saved.headers.get("Location")).toBe(returnTo);
    const toast = await toasts().getToast(
      new Request("http://localhost/", { headers: { Cookie: saved.headers.get("Set-Cookie")!.split(";")[0]! } }),
    );
    expect(toast.toast?.message).toBe("Saved to your saved homes.");
    expect(await prisma.savedHome.count({ where: { userId, projectId: home.id } })).toBe(1);

    // Only the pages with save buttons are places to come back to.
    const elsewhere = await post(jar, { propertyId: String(home.id), returnTo: "//evil.example/" });
    expect(elsewhere.headers.get("Location")).toBe("/saved-homes");
    const removed = await call(
      savedHomesAction,
      jar.request(
        "http://localhost/saved-homes",
        formPost({ intent: "remove", propertyId: String(home.id), returnTo: "/view-properties" }),
      ),
    );
    expect((removed as Response).headers.get("Location")).toBe("/view-properties");
    expect(await prisma.savedHome.count()).toBe(0);
  });

  test("public pages show each viewer their own saved homes, and nobody's to the signed out", async () => {
    const [home, other] = [await createListing(), await createListing({ address: "2 Other Road, Leicester LE1 1AA" })];
    const bea = await buyer();
    const cal = await registerAccount({ ...person("cal@example.com"), userType: "buyer" }, net);
    await saveHome(bea.id, home.id);
    await saveHome(cal.id, other.id);
    const listIds = async (jar: CookieJar) =>
      ((await call(listingsPage, jar.request("http://localhost/view-properties"))) as { savedIds: number[] }).savedIds;
    expect(await listIds(await signedInJar(bea.id))).toEqual([home.id]);
    expect(await listIds(await signedInJar(cal.id))).toEqual([other.id]);
    expect(await listIds(new CookieJar())).toEqual([]);
    const pageIds = async (jar: CookieJar) =>
      (
        (await call(listingPage, jar.request(`http://localhost/view-properties/${home.id}`), {
          projectId: String(home.id),
        })) as { savedIds: number[] }
      ).savedIds;
    expect(await pageIds(await signedInJar(bea.id))).toEqual([home.id]);
    expect(await pageIds(await signedInJar(cal.id))).toEqual([other.id]);
    const list = (await call(savedHomesPage, (await signedInJar(cal.id)).request("http://localhost/saved-homes"))) as {
      homes: { projectId: number }[];
    };
    expect(list.homes.map((h) => h.projectId)).toEqual([other.id]);
  });

  test("closing the account deletes its saved homes; the export lists them", async () => {
    const { id: userId } = await buyer();
    const home = await createListing();
    await saveHome(userId, home.id);
    expect((await exportAccountData(userId)).savedHomes).toHaveLength(1);
    await closeAccount(userId, "a long test password", net);
    expect(await prisma.savedHome.count()).toBe(0);
  });
});
