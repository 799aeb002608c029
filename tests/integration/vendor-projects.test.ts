import { describe, expect, test } from "vitest";

import { prisma } from "../../app/lib/db.server";
import { createUserSession } from "../../app/modules/auth/session.server";
import {
  createProject,
  deleteVendorProject,
  getVendorProject,
  listVendorProjects,
} from "../../app/modules/projects/projects.server";
import { ProjectSchema } from "../../app/modules/projects/schemas";
import * as bookingsApi from "../../app/routes/api.v1.vendor.bookings";
import * as bookingApi from "../../app/routes/api.v1.vendor.bookings.$id";
import * as createRoute from "../../app/routes/vendor-property-details";
import * as listingRoute from "../../app/routes/vendor-propertylisting";
import * as deleteRoute from "../../app/routes/vendor-propertylisting.delete";
import * as previewRoute from "../../app/routes/view-a-property";
import { setupTestDatabase } from "../support/database";

setupTestDatabase();

const context = { clientIp: "203.0.113.1" };
let counter = 0;

async function account(role: "vendor" | "admin" = "vendor") {
  counter += 1;
  const user = await prisma.user.create({
    data: {
      email: `${role}${counter}@example.com`,
      fullName: `Ann Seller ${counter}`,
      phoneNumber: "07700 900123",
      passwordHash: "not used",
      role,
    },
    select: { id: true, email: true, fullName: true, phoneNumber: true, role: true },
  });
  const cookie = (await createUserSession(user.id, { persistent: false })).split(";")[0]!;
  return { user, cookie };
}

const body = { address: "12 Granby Street, Leicester", postcode: "le1 6ej", price: 250000, property_type: "Terraced" };

async function projectOf(owner: Awaited<ReturnType<typeof account>>, overrides: Record<string, unknown> = {}) {
  return (await createProject({ owner: owner.user, input: ProjectSchema.parse({ ...body, ...overrides }) })).id;
}

function request(path: string, cookie: string | null, init: RequestInit = {}) {
  return new Request(`http://localhost${path}`, {
    ...init,
    headers: { ...(cookie ? { Cookie: cookie } : {}), ...init.headers },
  });
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

/** What a loader or action threw (a redirect or data() with a status). */
async function thrown(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error("expected it to throw");
    },
    (error: unknown) => error as Response | { init: ResponseInit | null },
  );
}
const statusOf = (error: Response | { init: ResponseInit | null }) =>
  error instanceof Response ? error.status : error.init?.status;

async function pay(projectId: number, status: "completed" | "failed" | "pending" | "processing" = "completed") {
  await prisma.payment.create({
    data: {
      projectId,
      provider: "sandbox",
      providerPaymentId: `pay-${projectId}-${status}-${Math.random()}`,
      amountPence: 179_400,
      status,
    },
  });
}

describe("creating a project", () => {
  test("belongs to the vendor, in their name and email, and is placed from its postcode", async () => {
    const ann = await account();
    const { id, notes } = await createProject({
      owner: ann.user,
      input: ProjectSchema.parse({ ...body, key_features: "Bay window\n\nGas central heating", council_tax: "Band B" }),
    });
    expect(notes).toEqual([]);
    const stored = await prisma.project.findUniqueOrThrow({ where: { id } });
    expect(stored).toMatchObject({
      ownerId: ann.user.id,
      createdById: ann.user.id,
      vendorName: ann.user.fullName,
      vendorEmail: ann.user.email,
      status: "pending",
      postcode: "LE1 6EJ",
      outcode: "LE1",
      bathrooms: 1,
      bedrooms: 0,
      sizeSqft: null,
      bookingDate: null,
      keyFeatures: ["Bay window", "Gas central heating"],
      councilTax: "Band B",
      councilTaxBand: "B",
    });
    expect(stored.latitude).toBeCloseTo(52.634, 2);
    expect(stored.longitude).toBeCloseTo(-1.131, 2);
  });

  test("a picked map location wins over the postcode; an unknown postcode is kept as typed, with a note", async () => {
    const ann = await account();
    const picked = await projectOf(ann, { map_location: "52.62, -1.14" });
    expect(await prisma.project.findUniqueOrThrow({ where: { id: picked } })).toMatchObject({
      latitude: 52.62,
      longitude: -1.14,
      postcode: "LE1 6EJ",
    });

    const { id, notes } = await createProject({
      owner: ann.user,
      input: ProjectSchema.parse({ ...body, postcode: "ze9 9zz" }),
    });
    expect(notes[0]).toContain("We couldn't find the postcode ZE9 9ZZ");
    expect(await prisma.project.findUniqueOrThrow({ where: { id } })).toMatchObject({
      postcode: "ZE9 9ZZ",
      outcode: "ZE9",
      latitude: null,
      longitude: null,
    });
  });

  test("the form creates the project and goes to the contract; bad input gets field errors and keeps what was typed", async () => {
    const ann = await account();
    const created = (await createRoute.action({
      request: request("/vendor-property-details", ann.cookie, {
        method: "POST",
        body: form({ ...body, price: "£250,000", bedrooms: "3", parking: "yes" }),
      }),
      params: {},
      context,
    } as never)) as Response;
    expect(created.status).toBe(302);
    const [project] = await prisma.project.findMany({ where: { ownerId: ann.user.id } });
    expect(created.headers.get("Location")).toBe(`/sign-contract/${project!.id}`);
    expect(project).toMatchObject({ price: 250000, bedrooms: 3, parking: true });

    const refused = (await createRoute.action({
      request: request("/vendor-property-details", ann.cookie, {
        method: "POST",
        body: form({ address: "12 Granby Street", postcode: "LE1", price: "0", property_type: "" }),
      }),
      params: {},
      context,
    } as never)) as {
      data: { result: { error: Record<string, string[]>; initialValue: Record<string, string> } };
      init: ResponseInit;
    };
    expect(refused.init.status).toBe(400);
    expect(refused.data.result.error).toMatchObject({
      postcode: ["Enter a full UK postcode, like LE1 6EJ."],
      price: ["Enter a price above £0."],
      property_type: ["Choose the property type."],
    });
    expect(refused.data.result.initialValue).toMatchObject({ address: "12 Granby Street", postcode: "LE1" });
  });

  test("the form is for vendors only", async () => {
    const admin = await account("admin");
    const error = await thrown(
      createRoute.action({
        request: request("/vendor-property-details", admin.cookie, { method: "POST", body: form(body as never) }),
        params: {},
        context,
      } as never),
    );
    expect(statusOf(error)).toBe(403);
    const anonymous = await thrown(
      createRoute.loader({ request: request("/vendor-property-details", null), params: {}, context } as never),
    );
    expect(statusOf(anonymous)).toBe(302);
  });
});

describe("the dashboard and the preview", () => {
  test("list only the vendor's own projects, filtered by the search box", async () => {
    const ann = await account();
    const bob = await account();
    await projectOf(ann);
    await projectOf(ann, { address: "3 Oak Avenue, Leicester", property_type: "Detached" });
    await projectOf(bob, { address: "9 Granby Street, Leicester" });

    expect((await listVendorProjects(ann.user.id)).map((p) => p.address)).toEqual([
      "3 Oak Avenue, Leicester",
      "12 Granby Street, Leicester",
    ]);
    expect((await listVendorProjects(ann.user.id, { q: "granby" })).map((p) => p.address)).toEqual([
      "12 Granby Street, Leicester",
    ]);
    expect((await listVendorProjects(ann.user.id, { q: "detached" })).map((p) => p.address)).toEqual([
      "3 Oak Avenue, Leicester",
    ]);
    expect((await listVendorProjects(ann.user.id, { q: "le1 6ej" })).length).toBe(2);

    const page = (await listingRoute.loader({
      request: request("/vendor-propertylisting?q=oak", ann.cookie),
      params: {},
      context,
    } as never)) as {
      q: string;
      projects: { address: string }[];
    };
    expect(page.q).toBe("oak");
    expect(page.projects.map((p) => p.address)).toEqual(["3 Oak Avenue, Leicester"]);
  });

  test("another vendor's project does not exist for them: null from the service, 404 from the page", async () => {
    const ann = await account();
    const bob = await account();
    const id = await projectOf(ann);
    expect(await getVendorProject(bob.user.id, id)).toBeNull();
    expect(await getVendorProject(ann.user.id, id)).toMatchObject({ id, paid: false, deleteBlocker: null });
    const error = await thrown(
      previewRoute.loader({
        request: request(`/view-a-property/${id}`, bob.cookie),
        params: { projectId: String(id) },
        context,
      } as never),
    );
    expect(statusOf(error)).toBe(404);
    for (const bad of ["abc", "0", "99999999999"]) {
      expect(
        statusOf(
          await thrown(
            previewRoute.loader({
              request: request(`/view-a-property/${bad}`, ann.cookie),
              params: { projectId: bad },
              context,
            } as never),
          ),
        ),
      ).toBe(404);
    }
  });

  test("the preview says what is done: paid once a payment completed", async () => {
    const ann = await account();
    const id = await projectOf(ann);
    await pay(id, "failed");
    const before = (await previewRoute.loader({
      request: request(`/view-a-property/${id}`, ann.cookie),
      params: { projectId: String(id) },
      context,
    } as never)) as {
      project: { paid: boolean };
      progress: { key: string; done: boolean }[];
    };
    expect(before.project.paid).toBe(false);
    await pay(id);
    const after = (await previewRoute.loader({
      request: request(`/view-a-property/${id}`, ann.cookie),
      params: { projectId: String(id) },
      context,
    } as never)) as typeof before;
    expect(after.project.paid).toBe(true);
    expect(after.progress.map((s) => [s.key, s.done])).toEqual([
      ["created", true],
      ["signed", false],
      ["paid", true],
      ["listed", false],
      ["sold", false],
    ]);
  });
});

describe("deleting a project", () => {
  test("a vendor deletes their own unpaid project, with failed card attempts, and it is audited", async () => {
    const ann = await account();
    const id = await projectOf(ann);
    await pay(id, "failed");
    await deleteVendorProject(ann.user.id, id, { ipAddress: "203.0.113.9" });
    expect(await prisma.project.count()).toBe(0);
    expect(await prisma.payment.count()).toBe(0);
    expect(await prisma.auditEvent.findFirst()).toMatchObject({
      actorId: ann.user.id,
      action: "project.delete",
      entity: "Project",
      entityId: String(id),
      ipAddress: "203.0.113.9",
    });
  });

  test("not another vendor's (404), nor a paid, paying or listed one (409, contact the agency)", async () => {
    const ann = await account();
    const bob = await account();
    const id = await projectOf(ann);
    await expect(deleteVendorProject(bob.user.id, id, { ipAddress: "x" })).rejects.toMatchObject({ status: 404 });

    await pay(id);
    await expect(deleteVendorProject(ann.user.id, id, { ipAddress: "x" })).rejects.toMatchObject({
      status: 409,
      message:
        "This property has been paid for, so it can't be deleted online. Please contact the agency if you want to withdraw it.",
    });
    const paying = await projectOf(ann);
    await pay(paying, "processing");
    await expect(deleteVendorProject(ann.user.id, paying, { ipAddress: "x" })).rejects.toMatchObject({ status: 409 });
    const listed = await projectOf(ann);
    await prisma.project.update({ where: { id: listed }, data: { status: "completed" } });
    await expect(deleteVendorProject(ann.user.id, listed, { ipAddress: "x" })).rejects.toMatchObject({ status: 409 });
    expect(await prisma.project.count()).toBe(3);
    // Opening the payment page leaves a pending intent; with no card tried, it goes with the project.
    const opened = await projectOf(ann);
    await pay(opened, "pending");
    await deleteVendorProject(ann.user.id, opened, { ipAddress: "x" });
    expect(await prisma.project.count()).toBe(3);
  });

  test("the confirmation page and its action: own project deleted with a toast; another vendor's is a 404; a paid one explains", async () => {
    const ann = await account();
    const bob = await account();
    const id = await projectOf(ann);
    const args = (who: { cookie: string }, method = "POST") =>
      ({
        request: request(`/vendor-propertylisting/${id}/delete`, who.cookie, { method }),
        params: { projectId: String(id) },
        context,
      }) as never;

    expect(statusOf(await thrown(deleteRoute.loader(args(bob, "GET"))))).toBe(404);
    expect(statusOf(await thrown(deleteRoute.action(args(bob))))).toBe(404);
    expect(await deleteRoute.loader(args(ann, "GET"))).toMatchObject({ id, blocker: null });

    const paid = await projectOf(ann);
    await pay(paid);
    const paidArgs = {
      request: request(`/vendor-propertylisting/${paid}/delete`, ann.cookie, { method: "POST" }),
      params: { projectId: String(paid) },
      context,
    } as never;
    expect(await deleteRoute.loader(paidArgs)).toMatchObject({
      blocker: "This property has been paid for, so it can't be deleted online.",
    });
    const refused = (await deleteRoute.action(paidArgs)) as Response;
    expect(refused.headers.get("Location")).toBe("/vendor-propertylisting");

    const deleted = (await deleteRoute.action(args(ann))) as Response;
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Set-Cookie")).toContain("toast=");
    expect(await prisma.project.findUnique({ where: { id } })).toBeNull();
    expect(await prisma.project.findUnique({ where: { id: paid } })).not.toBeNull();
  });
});

describe("/api/v1/vendor/bookings", () => {
  const json = (data: unknown) => ({
    method: "POST",
    body: JSON.stringify(data),
    headers: { "Content-Type": "application/json" },
  });

  test("creates (201 with id), lists and reads the vendor's own bookings in the spec's shape", async () => {
    const ann = await account();
    const created = await bookingsApi.action({
      request: request(
        "/api/v1/vendor/bookings",
        ann.cookie,
        json({ ...body, key_features: ["Garage"], booking_date: "2026-12-01" }),
      ),
      params: {},
      context,
    } as never);
    expect(created.status).toBe(201);
    const booking = (await created.json()) as Record<string, unknown>;
    expect(booking).toMatchObject({
      id: expect.any(Number),
      status: "pending",
      address: body.address,
      price: 250000,
      property_type: "Terraced",
      key_features: ["Garage"],
      booking_date: "2026-12-01",
      vendor_name: ann.user.fullName,
      vendor_email: ann.user.email,
      map_location: expect.stringMatching(/^52\.\d{6}, -1\.\d{6}$/),
      paid: false,
      contract_signed_at: null,
    });
    const list = (await (
      await bookingsApi.loader({
        request: request("/api/v1/vendor/bookings", ann.cookie),
        params: {},
        context,
      } as never)
    ).json()) as { id: number }[];
    expect(list.map((b) => b.id)).toEqual([booking.id]);
    const one = await bookingApi.loader({
      request: request(`/api/v1/vendor/bookings/${booking.id}`, ann.cookie),
      params: { id: String(booking.id) },
      context,
    } as never);
    expect(one.status).toBe(200);
  });

  test("another vendor's id answers 404 to GET and DELETE; bad bodies 400; admins 403; signed out 401", async () => {
    const ann = await account();
    const bob = await account();
    const admin = await account("admin");
    const id = await projectOf(ann);
    const params = { id: String(id) };
    const get = (who: { cookie: string } | null) =>
      bookingApi.loader({
        request: request(`/api/v1/vendor/bookings/${id}`, who?.cookie ?? null),
        params,
        context,
      } as never);
    const del = (who: { cookie: string } | null) =>
      bookingApi.action({
        request: request(`/api/v1/vendor/bookings/${id}`, who?.cookie ?? null, { method: "DELETE" }),
        params,
        context,
      } as never);

    expect((await get(bob)).status).toBe(404);
    expect(await (await del(bob)).json()).toEqual({ message: "We couldn't find that property in your account." });
    expect((await del(admin)).status).toBe(403);
    expect((await del(null)).status).toBe(401);
    const bobsList = await bookingsApi.loader({
      request: request("/api/v1/vendor/bookings", bob.cookie),
      params: {},
      context,
    } as never);
    expect(await bobsList.json()).toEqual([]);

    const bad = await bookingsApi.action({
      request: request("/api/v1/vendor/bookings", ann.cookie, json({ address: "12 Granby Street" })),
      params: {},
      context,
    } as never);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Record<string, string[]> }).errors).toMatchObject({
      price: ["Enter the asking price."],
    });

    await pay(id);
    expect((await del(ann)).status).toBe(409);
    expect(
      (
        await bookingApi.action({
          request: request(`/api/v1/vendor/bookings/${id}`, ann.cookie, { method: "PUT" }),
          params,
          context,
        } as never)
      ).status,
    ).toBe(405);
    expect(await prisma.project.count()).toBe(1);
  });

  test("a vendor deletes their own unpaid booking", async () => {
    const ann = await account();
    const id = await projectOf(ann);
    const response = await bookingApi.action({
      request: request(`/api/v1/vendor/bookings/${id}`, ann.cookie, { method: "DELETE" }),
      params: { id: String(id) },
      context,
    } as never);
    expect(await response.json()).toEqual({ message: "Property deleted.", id });
    expect(await prisma.project.count()).toBe(0);
  });
});
