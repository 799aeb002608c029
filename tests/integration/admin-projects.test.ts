import { beforeAll, describe, expect, test } from "vitest";

import { prisma } from "../../app/lib/db.server";
import { toasts } from "../../app/lib/toast.server";
import { issueAccountLink } from "../../app/modules/auth/account-tokens.server";
import { verifyEmail } from "../../app/modules/auth/email-verification.server";
import { createUserSession } from "../../app/modules/auth/session.server";
import { geocodePostcode } from "../../app/modules/geo/geocode.server";
import {
  changeProjectStatus,
  createAdminProject,
  dashboardStats,
  deleteAdminProject,
  listAdminProjects,
  updateAdminProject,
  weekStart,
} from "../../app/modules/projects/admin-projects.server";
import { createProject } from "../../app/modules/projects/projects.server";
import { AdminCreateProjectSchema, AdminProjectDetailsSchema, ProjectSchema } from "../../app/modules/projects/schemas";
import * as createPage from "../../app/routes/admin-create-property";
import * as detailsPage from "../../app/routes/admin-property-details.$projectId";
import * as listingPage from "../../app/routes/admin-propertylisting";
import * as deletePage from "../../app/routes/admin-propertylisting.delete";
import * as listApi from "../../app/routes/api.v1.admin.projects";
import * as projectApi from "../../app/routes/api.v1.admin.projects.$id";
import * as markApi from "../../app/routes/api.v1.admin.projects.$id.mark";
import * as createApi from "../../app/routes/api.v1.admin.projects.create";
import { setupTestDatabase } from "../support/database";

setupTestDatabase();

// The postcode index loads on first use (seconds on a busy machine): load it before the timed tests.
beforeAll(() => geocodePostcode("LE1 6EJ"), 120_000);

const context = { clientIp: "203.0.113.1" };
let counter = 0;

/** An account whose address is confirmed unless `verified` is false. */
async function account(role: "vendor" | "admin" = "admin", email?: string, { verified = true } = {}) {
  counter += 1;
  const user = await prisma.user.create({
    data: {
      email: email ?? `${role}${counter}@example.com`,
      fullName: `${role === "admin" ? "Ada Admin" : "Val Vendor"} ${counter}`,
      phoneNumber: "07700 900123",
      passwordHash: "x",
      role,
      emailVerifiedAt: verified ? new Date() : null,
    },
    select: { id: true, email: true, fullName: true, phoneNumber: true, role: true },
  });
  const cookie = (await createUserSession(user.id, { persistent: false })).split(";")[0]!;
  return { user, cookie, actor: { id: user.id, ipAddress: context.clientIp } };
}

const body = { address: "12 Granby Street, Leicester", postcode: "LE1 6EJ", price: 250000, property_type: "Terraced" };
const customer = { vendor_name: "Clara Customer", vendor_email: "clara@example.com" };

async function adminProject(actor: { id: number; ipAddress: string }, overrides: Record<string, unknown> = {}) {
  return (
    await createAdminProject({ actor, input: AdminCreateProjectSchema.parse({ ...body, ...customer, ...overrides }) })
  ).id;
}

function request(path: string, cookie: string | null, init: RequestInit & { json?: unknown } = {}) {
  const { json, ...rest } = init;
  const headers: Record<string, string> = {
    ...(cookie ? { Cookie: cookie } : {}),
    ...(json !== undefined ? { "Content-Type": "application/json" } : {}),
  };
  return new Request(`http://localhost${path}`, {
    ...rest,
    headers,
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

async function thrown(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error("expected it to throw");
    },
    (error: unknown) => error as Response | { init: ResponseInit | null; data: unknown },
  );
}
const statusOf = (error: Response | { init: ResponseInit | null }) =>
  error instanceof Response ? error.status : error.init?.status;

/** The flash toast a redirect carries. */
async function toastOf(response: Response) {
  const cookie = response.headers.get("Set-Cookie")!.split(";")[0]!;
  return (await toasts().getToast(new Request("http://localhost/", { headers: { Cookie: cookie } }))).toast;
}

const auditRows = (entityId: number) =>
  prisma.auditEvent.findMany({ where: { entity: "Project", entityId: String(entityId) }, orderBy: { id: "asc" } });

describe("creating a project for a customer", () => {
  test("an existing vendor's email makes it theirs; an unknown one leaves it unowned with the email; both are audited", async () => {
    const admin = await account();
    const vendor = await account("vendor", "clara@example.com");
    const owned = await adminProject(admin.actor, {
      vendor_email: "Clara@Example.com",
      bedrooms: "",
      key_features: "Bay window\n\nCellar",
    });
    const unowned = await adminProject(admin.actor, { vendor_email: "new@example.com", vendor_name: "New Person" });
    expect(await prisma.project.findUniqueOrThrow({ where: { id: owned } })).toMatchObject({
      ownerId: vendor.user.id,
      createdById: admin.user.id,
      vendorEmail: "clara@example.com",
      vendorName: "Clara Customer",
      vendorPhone: "07700 900123",
      bedrooms: 0,
      sizeSqft: null,
      keyFeatures: ["Bay window", "Cellar"],
      status: "pending",
    });
    expect(await prisma.project.findUniqueOrThrow({ where: { id: unowned } })).toMatchObject({
      ownerId: null,
      vendorEmail: "new@example.com",
      vendorName: "New Person",
    });
    const [audit] = await auditRows(owned);
    expect(audit).toMatchObject({
      actorId: admin.user.id,
      action: "project.create",
      ipAddress: context.clientIp,
      detail: { ownerId: vendor.user.id, vendorEmail: "clara@example.com" },
    });
  });

  test("an unconfirmed address proves nothing: the project waits, and goes to the account once it confirms the address", async () => {
    const admin = await account();
    const claimant = await account("vendor", "clara@example.com", { verified: false });
    const id = await adminProject(admin.actor);
    expect((await prisma.project.findUniqueOrThrow({ where: { id } })).ownerId).toBeNull();
    const verifyLink = await issueAccountLink(claimant.user.id, "verify_email");
    await verifyEmail(new URL(verifyLink).searchParams.get("token"), { ipAddress: context.clientIp });
    expect((await prisma.project.findUniqueOrThrow({ where: { id } })).ownerId).toBe(claimant.user.id);
    expect(await prisma.auditEvent.findFirstOrThrow({ where: { action: "account.verify_email" } })).toMatchObject({
      actorId: claimant.user.id,
      detail: { projectsLinked: 1 },
    });
  });

  test("an admin's email is not a vendor's: the project stays unowned", async () => {
    const admin = await account();
    const other = await account("admin", "boss@example.com");
    const id = await adminProject(admin.actor, { vendor_email: other.user.email });
    expect((await prisma.project.findUniqueOrThrow({ where: { id } })).ownerId).toBeNull();
  });

  test("the page: success toast and back to the listing; bad input keeps what was typed with the failure toast", async () => {
    const admin = await account();
    expect(
      await createPage.loader({
        request: request("/admin-create-property", admin.cookie),
        params: {},
        context,
      } as never),
    ).toEqual({ creatorEmail: admin.user.email });
    const created = (await createPage.action({
      request: request("/admin-create-property", admin.cookie, {
        method: "POST",
        body: form({
          ...customer,
          address: body.address,
          postcode: "le1 6ej",
          price: "£300,000",
          property_type: "Detached",
          bedrooms: "4",
          parking: "yes",
          garden: "no",
        }),
      }),
      params: {},
      context,
    } as never)) as Response;
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toBe("/admin-propertylisting");
    expect(await toastOf(created)).toMatchObject({ type: "success", message: "Property created successfully!" });
    expect(await prisma.project.findFirstOrThrow()).toMatchObject({
      price: 300000,
      bedrooms: 4,
      parking: true,
      garden: false,
      accessibility: false,
    });

    const refused = (await createPage.action({
      request: request("/admin-create-property", admin.cookie, {
        method: "POST",
        body: form({ vendor_name: "", vendor_email: "nope", address: "1 High St", price: "", property_type: "" }),
      }),
      params: {},
      context,
    } as never)) as {
      data: {
        result: { error: Record<string, string[]>; initialValue: Record<string, string> };
        toast: { message: string };
      };
      init: ResponseInit;
    };
    expect(refused.init.status).toBe(400);
    expect(refused.data.toast.message).toBe("Failed to create property. Please try again.");
    expect(refused.data.result.error).toMatchObject({
      vendor_name: ["Enter the customer's name."],
      vendor_email: ["Enter a valid email address, like name@example.co.uk."],
      price: ["Enter the asking price."],
    });
    expect(refused.data.result.initialValue).toMatchObject({ address: "1 High St", vendor_email: "nope" });
  });

  test("the page is for admins only", async () => {
    const vendor = await account("vendor");
    expect(
      statusOf(
        await thrown(
          createPage.loader({
            request: request("/admin-create-property", vendor.cookie),
            params: {},
            context,
          } as never),
        ),
      ),
    ).toBe(403);
    expect(
      statusOf(
        await thrown(
          createPage.loader({ request: request("/admin-create-property", null), params: {}, context } as never),
        ),
      ),
    ).toBe(302);
  });
});

describe("the admin listing", () => {
  test("search really filters by customer name, email, address and postcode (with or without its space)", async () => {
    const admin = await account();
    await adminProject(admin.actor, {
      vendor_name: "Harriet Oak",
      vendor_email: "harriet@example.com",
      address: "3 Oak Avenue, Leicester",
      postcode: "LE2 1AA",
    });
    await adminProject(admin.actor, {
      vendor_name: "Ian Elm",
      vendor_email: "ian@elm.example",
      address: "9 Elm Road, Nottingham",
      postcode: "NG1 5FS",
    });
    const addresses = async (q: string) =>
      (await listAdminProjects({ q, page: 1, pageSize: 25 })).items.map((p) => p.address);
    expect(await addresses("harriet")).toEqual(["3 Oak Avenue, Leicester"]);
    expect(await addresses("ELM.EXAMPLE")).toEqual(["9 Elm Road, Nottingham"]);
    expect(await addresses("oak avenue")).toEqual(["3 Oak Avenue, Leicester"]);
    expect(await addresses("NG1 5FS")).toEqual(["9 Elm Road, Nottingham"]);
    expect(await addresses("ng15fs")).toEqual(["9 Elm Road, Nottingham"]);
    expect(await addresses("nothing like it")).toEqual([]);
    expect(await addresses("")).toEqual(["9 Elm Road, Nottingham", "3 Oak Avenue, Leicester"]);
  });

  test("pages through every project, newest first; the page loader redirects a page past the end and a malformed one", async () => {
    const admin = await account();
    for (let n = 1; n <= 27; n++) await adminProject(admin.actor, { address: `${n} Paging Street, Leicester` });
    const second = await listAdminProjects({ page: 2, pageSize: 25 });
    expect(second).toMatchObject({ total: 27, page: 2, pageCount: 2 });
    expect(second.items.map((p) => p.address)).toEqual(["2 Paging Street, Leicester", "1 Paging Street, Leicester"]);

    const page = await listingPage.loader({
      request: request("/admin-propertylisting?q=paging&page=2", admin.cookie),
      params: {},
      context,
    } as never);
    expect(page.projects.items).toHaveLength(2);
    expect(page.q).toBe("paging");
    const past = await thrown(
      listingPage.loader({
        request: request("/admin-propertylisting?q=paging&page=9", admin.cookie),
        params: {},
        context,
      } as never),
    );
    expect((past as Response).headers.get("Location")).toBe("/admin-propertylisting?q=paging&page=2");
    const malformed = await thrown(
      listingPage.loader({
        request: request("/admin-propertylisting?page=abc", admin.cookie),
        params: {},
        context,
      } as never),
    );
    expect((malformed as Response).headers.get("Location")).toBe("/admin-propertylisting");
  });

  test("the chart counts projects by status and requests per week", async () => {
    const admin = await account();
    const a = await adminProject(admin.actor);
    await adminProject(admin.actor);
    await changeProjectStatus({ actor: admin.actor, id: a, to: "completed" });
    const now = new Date("2026-11-19T12:00:00Z"); // a Thursday
    const thisWeek = new Date("2026-11-17T09:00:00Z");
    const twoWeeksAgo = new Date("2026-11-03T09:00:00Z");
    const viewing = {
      projectId: a,
      firstName: "B",
      lastName: "Buyer",
      email: "b@example.com",
      phoneNumber: "07700 900000",
      preferredDate: new Date("2026-12-01"),
      preferredTime: "10:00",
    };
    await prisma.viewingRequest.createMany({
      data: [
        { ...viewing, createdAt: thisWeek },
        { ...viewing, createdAt: thisWeek },
        { ...viewing, createdAt: twoWeeksAgo },
        { ...viewing, createdAt: new Date("2026-01-01") },
      ],
    });
    await prisma.valuationRequest.create({
      data: {
        postcode: "LE1",
        firstName: "V",
        lastName: "S",
        email: "v@example.com",
        contactNumber: "07700 900000",
        createdAt: twoWeeksAgo,
      },
    });

    const stats = await dashboardStats(now);
    expect(stats.projects).toEqual([
      { status: "pending", count: 1 },
      { status: "completed", count: 1 },
      { status: "sold", count: 0 },
    ]);
    expect(stats.requests).toHaveLength(8);
    expect(stats.requests[7]).toEqual({ week: new Date("2026-11-16T00:00:00Z"), viewings: 2, valuations: 0 });
    expect(stats.requests[5]).toEqual({ week: new Date("2026-11-02T00:00:00Z"), viewings: 1, valuations: 1 });
    expect(stats.requests.reduce((sum, w) => sum + w.viewings, 0)).toBe(3);
    expect(weekStart(new Date("2026-11-16T00:00:00Z"))).toEqual(new Date("2026-11-16T00:00:00Z"));
    expect(weekStart(new Date("2026-11-22T23:59:00Z"))).toEqual(new Date("2026-11-16T00:00:00Z"));
  });
});

describe("status changes", () => {
  test("pending → completed → sold, each audited with before and after; other moves are refused", async () => {
    const admin = await account();
    const id = await adminProject(admin.actor);
    await expect(changeProjectStatus({ actor: admin.actor, id, to: "sold" })).rejects.toMatchObject({
      status: 409,
      message: /mark it as completed first/,
    });
    await changeProjectStatus({ actor: admin.actor, id, to: "completed" });
    const listed = await prisma.project.findUniqueOrThrow({ where: { id } });
    expect(listed.status).toBe("completed");
    expect(listed.listedAt).toBeInstanceOf(Date);
    await expect(changeProjectStatus({ actor: admin.actor, id, to: "completed" })).rejects.toMatchObject({
      status: 409,
      message: "This property is already listed.",
    });
    await changeProjectStatus({ actor: admin.actor, id, to: "sold" });
    expect(await prisma.project.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: "sold",
      soldAt: expect.any(Date),
    });
    await expect(changeProjectStatus({ actor: admin.actor, id: 999999, to: "sold" })).rejects.toMatchObject({
      status: 404,
    });
    const audit = await auditRows(id);
    // LISTING_CHECKS=warn (the default): listed with its checks unmet, an override the officer's register shows.
    expect(audit.filter((a) => a.action === "compliance.listing_override")).toHaveLength(1);
    expect(audit.filter((a) => !a.action.startsWith("compliance.")).map((a) => [a.action, a.detail])).toEqual([
      ["project.create", expect.anything()],
      ["project.mark_completed", { from: "pending", to: "completed" }],
      ["project.mark_sold", { from: "completed", to: "sold" }],
    ]);
  });

  test("a listed home's price changes are kept as its price history; changes before listing are not", async () => {
    const admin = await account();
    const id = await adminProject(admin.actor);
    const details = (price: number) => AdminProjectDetailsSchema.parse({ ...body, price });
    await updateAdminProject({ actor: admin.actor, id, input: details(260000) });
    expect(await prisma.priceChange.count({ where: { projectId: id } })).toBe(0);
    await changeProjectStatus({ actor: admin.actor, id, to: "completed" });
    await updateAdminProject({ actor: admin.actor, id, input: details(250000) });
    await updateAdminProject({ actor: admin.actor, id, input: details(250000) });
    await updateAdminProject({ actor: admin.actor, id, input: details(240000) });
    const history = await prisma.priceChange.findMany({ where: { projectId: id }, orderBy: { id: "asc" } });
    expect(history.map((h) => [h.fromPrice, h.toPrice])).toEqual([
      [260000, 250000],
      [250000, 240000],
    ]);
    expect(await prisma.project.findUniqueOrThrow({ where: { id } })).toMatchObject({
      price: 240000,
      previousPrice: 250000,
      priceChangedAt: history[1]!.changedAt,
    });
  });

  test("the page's buttons: a toast and back to the listing; a refused change shows 'Failed to update booking status.'", async () => {
    const admin = await account();
    const id = await adminProject(admin.actor);
    const post = (intent: string) =>
      detailsPage.action({
        request: request(`/admin-property-details/${id}`, admin.cookie, { method: "POST", body: form({ intent }) }),
        params: { projectId: String(id) },
        context,
      } as never) as Promise<Response>;
    const refused = await post("mark-sold");
    expect(refused.headers.get("Location")).toBe(`/admin-property-details/${id}`);
    expect(await toastOf(refused)).toMatchObject({ type: "error", message: "Failed to update booking status." });
    const completed = await post("mark-completed");
    expect(completed.headers.get("Location")).toBe("/admin-propertylisting");
    // Listed with its compliance checks unmet (LISTING_CHECKS=warn): a warning that says so.
    expect(await toastOf(completed)).toMatchObject({ type: "warning" });
    expect((await prisma.project.findUniqueOrThrow({ where: { id } })).status).toBe("completed");
  });
});

describe("the details page", () => {
  test("a non-numeric or unknown id is a 404, never project 1", async () => {
    const admin = await account();
    await adminProject(admin.actor);
    for (const projectId of ["abc", "1abc", "0", "999999"]) {
      const error = await thrown(
        detailsPage.loader({
          request: request(`/admin-property-details/${projectId}`, admin.cookie),
          params: { projectId },
          context,
        } as never),
      );
      expect(statusOf(error), projectId).toBe(404);
    }
    const vendor = await account("vendor");
    expect(
      statusOf(
        await thrown(
          detailsPage.loader({
            request: request("/admin-property-details/1", vendor.cookie),
            params: { projectId: "1" },
            context,
          } as never),
        ),
      ),
    ).toBe(403);
  });

  test("the tab is URL state, images by default", async () => {
    const admin = await account();
    const id = await adminProject(admin.actor);
    const load = (search: string) =>
      detailsPage.loader({
        request: request(`/admin-property-details/${id}${search}`, admin.cookie),
        params: { projectId: String(id) },
        context,
      } as never);
    expect((await load("")).tab).toBe("images");
    expect((await load("?tab=details")).tab).toBe("details");
    expect((await load("?tab=floorplans")).tab).toBe("floorplans");
    expect((await load("?tab=nonsense")).tab).toBe("images");
    expect((await load("")).media).toEqual({ images: [], floorPlans: [], documents: [] });
  });

  test("'Add Details' saves the body and material information, audited; errors keep what was typed", async () => {
    const admin = await account();
    const id = await adminProject(admin.actor);
    const post = (fields: Record<string, string>) =>
      detailsPage.action({
        request: request(`/admin-property-details/${id}?tab=details`, admin.cookie, {
          method: "POST",
          body: form({ intent: "details", ...fields }),
        }),
        params: { projectId: String(id) },
        context,
      } as never);
    const fields = {
      address: body.address,
      postcode: "LE1 6EJ",
      vendor_name: "Clara C",
      price: "260000",
      property_type: "Terraced",
      bedrooms: "3",
      bathrooms: "2",
      key_features: "Garage, 1,200 sq ft, New boiler",
      council_tax: "Band C",
    };
    const refused = (await post({ ...fields, epc_rating: "Z", virtual_tour_url: "ftp://tour" })) as {
      data: {
        result: { error: Record<string, string[]>; initialValue: Record<string, string> };
        toast: { message: string };
      };
      init: ResponseInit;
    };
    expect(refused.init.status).toBe(400);
    expect(refused.data.toast.message).toBe("Failed to update project. Please try again.");
    expect(Object.keys(refused.data.result.error).sort()).toEqual(["", "epc_rating", "virtual_tour_url"]); // "" holds the form-wide message
    expect(refused.data.result.initialValue).toMatchObject({ bathrooms: "2", virtual_tour_url: "ftp://tour" });

    const saved = (await post({
      ...fields,
      epc_rating: "c",
      epc_potential: "B",
      virtual_tour_url: "https://my.matterport.com/show/?m=abc",
      heating: "Gas central heating",
      lease_years_remaining: "",
    })) as Response;
    expect(saved.headers.get("Location")).toBe(`/admin-property-details/${id}?tab=details`);
    expect(await toastOf(saved)).toMatchObject({ type: "success", message: "Project updated successfully!" });
    expect(await prisma.project.findUniqueOrThrow({ where: { id } })).toMatchObject({
      vendorName: "Clara C",
      price: 260000,
      bathrooms: 2,
      keyFeatures: ["Garage", "1,200 sq ft", "New boiler"],
      councilTaxBand: "C",
      epcRating: "C",
      epcPotential: "B",
      heating: "Gas central heating",
      leaseYearsRemaining: null,
      virtualTourUrl: "https://my.matterport.com/show/?m=abc",
    });
    const update = (await auditRows(id)).find((a) => a.action === "project.update")!;
    expect((update.detail as { changed: string[] }).changed).toEqual(
      expect.arrayContaining(["price", "bathrooms", "epcRating", "heating", "vendorName"]),
    );
    expect((update.detail as { changed: string[] }).changed).not.toContain("address");
  });
});

describe("deleting", () => {
  test("an admin may delete a listed project; a paid one is refused; both through the confirmation page", async () => {
    const admin = await account();
    const listed = await adminProject(admin.actor);
    await changeProjectStatus({ actor: admin.actor, id: listed, to: "completed" });
    const paid = await adminProject(admin.actor);
    await prisma.payment.create({
      data: {
        projectId: paid,
        provider: "sandbox",
        providerPaymentId: "pay-1",
        amountPence: 179_400,
        status: "completed",
      },
    });

    const page = await deletePage.loader({
      request: request(`/admin-propertylisting/${paid}/delete`, admin.cookie),
      params: { projectId: String(paid) },
      context,
    } as never);
    expect(page.blocker).toMatch(/paid for/);
    const del = (id: number | string) =>
      deletePage.action({
        request: request(`/admin-propertylisting/${id}/delete`, admin.cookie, { method: "POST" }),
        params: { projectId: String(id) },
        context,
      } as never) as Promise<Response>;

    const refused = await del(paid);
    expect(refused.headers.get("Location")).toBe("/admin-propertylisting");
    expect(await toastOf(refused)).toMatchObject({
      type: "error",
      message: "Failed to delete project",
      description: expect.stringMatching(/paid for/),
    });
    expect(await prisma.project.count({ where: { id: paid } })).toBe(1);

    const deleted = await del(listed);
    expect(await toastOf(deleted)).toMatchObject({ type: "success", message: "Project deleted." });
    expect(await prisma.project.count({ where: { id: listed } })).toBe(0);
    expect((await auditRows(listed)).at(-1)).toMatchObject({
      action: "project.delete",
      actorId: admin.user.id,
      detail: { status: "completed" },
    });
    expect(statusOf(await thrown(del("nope")))).toBe(404);
    expect(statusOf(await thrown(del(listed)))).toBe(404);
  });

  test("the service refuses unknown ids with 404", async () => {
    const admin = await account();
    await expect(deleteAdminProject({ actor: admin.actor, id: 424242 })).rejects.toMatchObject({
      status: 404,
      message: "We couldn't find that property.",
    });
  });
});

describe("the admin API", () => {
  test("admins only: 401 signed out, 403 for a vendor", async () => {
    const vendor = await account("vendor");
    expect(
      (await listApi.loader({ request: request("/api/v1/admin/projects", null), params: {}, context } as never)).status,
    ).toBe(401);
    expect(
      (
        await listApi.loader({
          request: request("/api/v1/admin/projects", vendor.cookie),
          params: {},
          context,
        } as never)
      ).status,
    ).toBe(403);
    const put = await markApi.action({
      request: request("/api/v1/admin/projects/1/mark-completed", vendor.cookie, { method: "PUT" }),
      params: { id: "1" },
      context,
    } as never);
    expect(put.status).toBe(403);
    const create = await createApi.action({
      request: request("/api/v1/admin/projects/create", vendor.cookie, { method: "POST", json: {} }),
      params: {},
      context,
    } as never);
    expect(create.status).toBe(403);
  });

  test("create (vendor_email), read, list with search, update, mark completed and sold, delete", async () => {
    const admin = await account();
    const vendor = await account("vendor", "owner@example.com");
    const created = await createApi.action({
      request: request("/api/v1/admin/projects/create", admin.cookie, {
        method: "POST",
        json: {
          ...body,
          vendor_name: "Olive Owner",
          vendor_email: "OWNER@example.com",
          key_features: ["Loft"],
          parking: true,
        },
      }),
      params: {},
      context,
    } as never);
    expect(created.status).toBe(201);
    const project = (await created.json()) as {
      id: number;
      owner_id: number;
      vendor_email: string;
      key_features: string[];
      parking: boolean;
      status: string;
    };
    expect(project).toMatchObject({
      owner_id: vendor.user.id,
      vendor_email: "owner@example.com",
      key_features: ["Loft"],
      parking: true,
      status: "pending",
    });
    expect(created.headers.get("Location")).toBe(`/api/v1/admin/projects/${project.id}`);
    const id = String(project.id);

    const list = (await (
      await listApi.loader({
        request: request("/api/v1/admin/projects?q=olive", admin.cookie),
        params: {},
        context,
      } as never)
    ).json()) as { data: { id: number }[]; total: number };
    expect(list).toMatchObject({ total: 1, data: [{ id: project.id }] });
    const none = (await (
      await listApi.loader({
        request: request("/api/v1/admin/projects?q=zzz", admin.cookie),
        params: {},
        context,
      } as never)
    ).json()) as { total: number };
    expect(none.total).toBe(0);
    expect(
      (
        await listApi.loader({
          request: request("/api/v1/admin/projects?page=0", admin.cookie),
          params: {},
          context,
        } as never)
      ).status,
    ).toBe(400);

    const read = await projectApi.loader({
      request: request(`/api/v1/admin/projects/${id}`, admin.cookie),
      params: { id },
      context,
    } as never);
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({
      id: project.id,
      epc_rating: null,
      heating: null,
      owner_id: vendor.user.id,
    });

    const badUpdate = await projectApi.action({
      request: request(`/api/v1/admin/projects/${id}`, admin.cookie, {
        method: "PUT",
        json: { ...body, price: -1, epc_rating: "Q" },
      }),
      params: { id },
      context,
    } as never);
    expect(badUpdate.status).toBe(400);
    expect(((await badUpdate.json()) as { errors: Record<string, string[]> }).errors).toMatchObject({
      price: expect.any(Array),
      epc_rating: expect.any(Array),
    });
    const notJson = await projectApi.action({
      request: request(`/api/v1/admin/projects/${id}`, admin.cookie, { method: "PUT", body: "price=1" }),
      params: { id },
      context,
    } as never);
    expect(notJson.status).toBe(415);

    const updated = await projectApi.action({
      request: request(`/api/v1/admin/projects/${id}`, admin.cookie, {
        method: "PUT",
        json: {
          ...body,
          price: 275000,
          key_features: ["Loft", "Garage"],
          epc_rating: "B",
          virtual_tour_url: "https://youtu.be/dQw4w9WgXcQ",
          broadband: "FTTP",
        },
      }),
      params: { id },
      context,
    } as never);
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({
      message: "Project updated successfully!",
      price: 275000,
      key_features: ["Loft", "Garage"],
      epc_rating: "B",
      broadband: "FTTP",
      vendor_name: "Olive Owner",
    });

    const soldTooEarly = await markApi.action({
      request: request(`/api/v1/admin/projects/${id}/mark-sold`, admin.cookie, { method: "PUT" }),
      params: { id },
      context,
    } as never);
    expect(soldTooEarly.status).toBe(409);
    const completed = await markApi.action({
      request: request(`/api/v1/admin/projects/${id}/mark-completed`, admin.cookie, { method: "PUT" }),
      params: { id },
      context,
    } as never);
    expect(await completed.json()).toMatchObject({ status: "completed", listed_at: expect.any(String) });
    const sold = await markApi.action({
      request: request(`/api/v1/admin/projects/${id}/mark-sold`, admin.cookie, { method: "PUT" }),
      params: { id },
      context,
    } as never);
    expect(await sold.json()).toMatchObject({ status: "sold", sold_at: expect.any(String) });

    const deleted = await projectApi.action({
      request: request(`/api/v1/admin/projects/${id}`, admin.cookie, { method: "DELETE" }),
      params: { id },
      context,
    } as never);
    expect(await deleted.json()).toEqual({ message: "Project deleted.", id: project.id });
    expect(await prisma.project.count()).toBe(0);
    expect(
      (await prisma.auditEvent.findMany({ where: { entityId: id }, orderBy: { id: "asc" } })).map((a) => a.action),
    ).toEqual([
      "project.create",
      "project.update",
      "compliance.listing_override",
      "project.mark_completed",
      "project.mark_sold",
      "project.delete",
    ]);
  });

  test("unknown or malformed ids are 404; wrong methods 405 with Allow; bad create bodies 400", async () => {
    const admin = await account();
    for (const id of ["999999", "abc"]) {
      expect(
        (
          await projectApi.loader({
            request: request(`/api/v1/admin/projects/${id}`, admin.cookie),
            params: { id },
            context,
          } as never)
        ).status,
      ).toBe(404);
      expect(
        (
          await markApi.action({
            request: request(`/api/v1/admin/projects/${id}/mark-completed`, admin.cookie, { method: "PUT" }),
            params: { id },
            context,
          } as never)
        ).status,
      ).toBe(404);
      expect(
        (
          await projectApi.action({
            request: request(`/api/v1/admin/projects/${id}`, admin.cookie, { method: "DELETE" }),
            params: { id },
            context,
          } as never)
        ).status,
      ).toBe(404);
    }
    const post = await projectApi.action({
      request: request("/api/v1/admin/projects/1", admin.cookie, { method: "POST", json: {} }),
      params: { id: "1" },
      context,
    } as never);
    expect(post.status).toBe(405);
    expect(post.headers.get("Allow")).toBe("GET, PUT, DELETE");
    const getMark = await markApi.loader({
      request: request("/api/v1/admin/projects/1/mark-completed", admin.cookie),
      params: { id: "1" },
      context,
    } as never);
    expect(getMark.status).toBe(405);
    expect(getMark.headers.get("Allow")).toBe("PUT");
    expect((await createApi.loader()).status).toBe(405);
    const bad = await createApi.action({
      request: request("/api/v1/admin/projects/create", admin.cookie, { method: "POST", json: { ...body } }),
      params: {},
      context,
    } as never);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Record<string, string[]> }).errors).toMatchObject({
      vendor_email: ["Enter the customer's email address."],
    });
  });

  test("a vendor's own project is visible to admins too", async () => {
    const admin = await account();
    const vendor = await account("vendor");
    const { id } = await createProject({ owner: vendor.user, input: ProjectSchema.parse(body) });
    await updateAdminProject({
      actor: admin.actor,
      id,
      input: AdminProjectDetailsSchema.parse({ ...body, heating: "Heat pump" }),
    });
    const read = await projectApi.loader({
      request: request(`/api/v1/admin/projects/${id}`, admin.cookie),
      params: { id: String(id) },
      context,
    } as never);
    expect(await read.json()).toMatchObject({
      owner_id: vendor.user.id,
      heating: "Heat pump",
      vendor_name: vendor.user.fullName,
    });
  });
});
