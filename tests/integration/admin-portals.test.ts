// The portal admin screens and API (issue 25, lane admin): the home list with each portal's state, a home's
// history, resend, 'Send to portals' and "Write today's file now". Portal records are inserted directly: the
// sending itself is tested with the fake portals in the real-time and BLM tests.
import { afterEach, beforeEach, describe, expect, test } from "vitest";

import type { Portal, PortalAction, PortalOutcome } from "../../app/generated/prisma/enums";
import { prisma } from "../../app/lib/db.server";
import { reloadEnv } from "../../app/lib/env.server";
import { toasts } from "../../app/lib/toast.server";
import { createUserSession } from "../../app/modules/auth/session.server";
import {
  listPortalHomes,
  portalHistory,
  requestBlmExport,
  resendToPortals,
  setSendToPortals,
  shortAnswer,
} from "../../app/modules/portals/admin-portals.server";
import * as portalsPage from "../../app/routes/admin.portals";
import * as historyPage from "../../app/routes/admin.portals.$projectId";
import * as detailsPage from "../../app/routes/admin-property-details.$projectId";
import * as listApi from "../../app/routes/api.v1.admin.portals";
import * as historyApi from "../../app/routes/api.v1.admin.portals.$projectId";
import * as resendApi from "../../app/routes/api.v1.admin.portals.$projectId.resend";
import * as projectApi from "../../app/routes/api.v1.admin.projects.$id";
import { setupTestDatabase } from "../support/database";
import { fakePortalEnv } from "../support/fake-portals";
import { createListing } from "../support/listings";

setupTestDatabase();

const context = { clientIp: "203.0.113.9" };
const PORTAL_ENV = fakePortalEnv({ rightmove: "https://127.0.0.1:9/", zoopla: "https://127.0.0.1:9/" });

function portalsOn(on: boolean) {
  for (const [name, value] of Object.entries(PORTAL_ENV)) {
    if (on) process.env[name] = value;
    else delete process.env[name];
  }
  reloadEnv();
}

beforeEach(() => portalsOn(true));
afterEach(() => portalsOn(false));

let counter = 0;
async function account(role: "admin" | "vendor" = "admin") {
  counter += 1;
  const user = await prisma.user.create({
    data: {
      email: `${role}${counter}@example.com`,
      fullName: `Portal ${role} ${counter}`,
      passwordHash: "x",
      role,
      emailVerifiedAt: new Date(),
    },
    select: { id: true },
  });
  const cookie = (await createUserSession(user.id, { persistent: false })).split(";")[0]!;
  return { cookie, actor: { id: user.id, ipAddress: context.clientIp } };
}

function request(
  path: string,
  cookie: string | null,
  init: RequestInit & { json?: unknown; form?: Record<string, string> } = {},
) {
  const { json, form, ...rest } = init;
  return new Request(`http://localhost${path}`, {
    ...rest,
    headers: {
      ...(cookie ? { Cookie: cookie } : {}),
      ...(json !== undefined ? { "Content-Type": "application/json" } : {}),
    },
    body: json !== undefined ? JSON.stringify(json) : form ? new URLSearchParams(form) : rest.body,
  });
}

async function toastOf(response: Response) {
  const cookie = response.headers.get("Set-Cookie")!.split(";")[0]!;
  return (await toasts().getToast(new Request("http://localhost/", { headers: { Cookie: cookie } }))).toast;
}

async function thrownStatus(promise: Promise<unknown>) {
  const error = await promise.then(
    () => {
      throw new Error("expected it to throw");
    },
    (e: unknown) => e as Response | { init: ResponseInit | null },
  );
  return error instanceof Response ? error.status : error.init?.status;
}

type ListingFacts = {
  live?: boolean;
  lastAction?: PortalAction;
  lastOutcome?: PortalOutcome;
  lastStatus?: string;
  lastError?: string | null;
  portalUrl?: string | null;
  at?: Date;
  submissions?: {
    action: PortalAction;
    reason: string;
    outcome: PortalOutcome;
    httpStatus?: number | null;
    answer?: object | string | null;
    error?: string | null;
    at: Date;
  }[];
};

/** A portal record as the real-time sender leaves it, with its requests. */
async function portalListing(portal: Portal, projectId: number, facts: ListingFacts = {}) {
  const at = facts.at ?? new Date();
  return prisma.portalListing.create({
    data: {
      portal,
      projectId,
      listingRef: `MW${projectId}`,
      address: `${projectId} Record Street, Leicester`,
      live: facts.live ?? true,
      lastAction: facts.lastAction ?? "send",
      lastOutcome: facts.lastOutcome ?? "accepted",
      lastStatus: facts.lastStatus ?? "available",
      lastAttemptAt: at,
      lastError: facts.lastError ?? null,
      portalId: portal === "rightmove" ? `RM${projectId}` : null,
      portalUrl:
        facts.portalUrl === undefined ? `https://www.${portal}.co.uk/properties/${projectId}` : facts.portalUrl,
      submissions: {
        create: (
          facts.submissions ??
          ([
            {
              action: "send" as const,
              reason: "listed",
              outcome: "accepted" as const,
              httpStatus: 200,
              answer: { message: "OK" },
              at,
            },
          ] satisfies NonNullable<ListingFacts["submissions"]>)
        ).map((s: NonNullable<ListingFacts["submissions"]>[number]) => ({
          action: s.action,
          reason: s.reason,
          outcome: s.outcome,
          httpStatus: s.httpStatus ?? null,
          answer: s.answer === null || s.answer === undefined ? undefined : s.answer,
          error: s.error ?? null,
          payload: { agent_ref: `MW${projectId}`, reason: s.reason },
          durationMs: 12,
          createdAt: s.at,
        })),
      },
    },
  });
}

type QueuedJob = { name: string; key: string | null; data: { projectId?: number; reason?: string; force?: boolean } };
const queued = (projectId?: number) =>
  prisma.$queryRaw<QueuedJob[]>`
    SELECT name, singleton_key AS key, data FROM pgboss.job
    WHERE name IN ('portal-rightmove', 'portal-zoopla', 'rightmove-blm-export')
    ORDER BY name, created_on`.then((jobs) =>
    projectId === undefined ? jobs : jobs.filter((job) => job.data.projectId === projectId),
  );

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

describe("the list of homes on the portals", () => {
  test("listed homes switched on and every home a portal knows, most recently sent first; states, answers and the problems filter", async () => {
    const listedNotSent = await createListing({ address: "1 New Street, Leicester LE1 1AA" });
    const pending = await createListing({ status: "pending", address: "2 Pending Road, Leicester LE1 1AA" });
    const live = await createListing({ address: "3 Live Lane, Leicester LE1 1AA" });
    await portalListing("rightmove", live.id, { at: minutesAgo(30) });
    await portalListing("zoopla", live.id, {
      at: minutesAgo(29),
      lastOutcome: "failed",
      lastError: "connect ECONNREFUSED 127.0.0.1:443",
      submissions: [
        {
          action: "send",
          reason: "listed",
          outcome: "failed",
          error: "connect ECONNREFUSED 127.0.0.1:443",
          at: minutesAgo(29),
        },
      ],
    });
    const switchedOff = await createListing({ address: "4 Quiet Close, Leicester LE1 1AA", sendToPortals: false });
    await portalListing("rightmove", switchedOff.id, {
      at: minutesAgo(10),
      live: false,
      lastAction: "remove",
      lastStatus: "withdrawn",
      portalUrl: null,
      submissions: [
        {
          action: "send",
          reason: "listed",
          outcome: "accepted",
          httpStatus: 200,
          answer: { message: "Sent" },
          at: minutesAgo(60),
        },
        {
          action: "remove",
          reason: "taken off portals",
          outcome: "accepted",
          httpStatus: 200,
          answer: { message: "Removed" },
          at: minutesAgo(10),
        },
      ],
    });
    // A deleted home whose last request Zoopla refused: its records outlive it.
    const goneId = switchedOff.id + 100;
    await portalListing("zoopla", goneId, {
      at: minutesAgo(5),
      live: false,
      lastOutcome: "rejected",
      lastAction: "remove",
      lastStatus: "withdrawn",
      lastError: "listing_reference: unknown listing",
      submissions: [
        {
          action: "remove",
          reason: "withdrawn",
          outcome: "rejected",
          httpStatus: 400,
          answer: { errors: ["unknown listing"] },
          at: minutesAgo(5),
        },
      ],
    });

    const page = await listPortalHomes({}, { page: 1, pageSize: 50 });
    expect(page.total).toBe(4);
    expect(page.items.map((home) => home.projectId)).toEqual([goneId, switchedOff.id, live.id, listedNotSent.id]);
    expect(page.items.some((home) => home.projectId === pending.id)).toBe(false);

    const [gone, off, both, notSent] = page.items;
    expect(gone).toMatchObject({
      exists: false,
      address: `${goneId} Record Street, Leicester`,
      belongsOnPortals: false,
    });
    expect(gone!.portals.map((p) => p.state)).toEqual(["not_sent", "rejected"]);
    expect(gone!.portals[1]!.answer).toBe("listing_reference: unknown listing (HTTP 400)");
    expect(off).toMatchObject({ exists: true, sendToPortals: false, belongsOnPortals: false });
    expect(off!.portals[0]).toMatchObject({
      state: "removed",
      lastAction: "remove",
      lastStatus: "withdrawn",
      lastReason: "taken off portals",
      answer: "Removed",
    });
    expect(both!.portals[0]).toMatchObject({
      portal: "rightmove",
      state: "live",
      portalUrl: `https://www.rightmove.co.uk/properties/${live.id}`,
      portalId: `RM${live.id}`,
      answer: "OK",
    });
    expect(both!.portals[1]).toMatchObject({
      portal: "zoopla",
      state: "failed",
      answer: "connect ECONNREFUSED 127.0.0.1:443",
    });
    expect(notSent!.portals.map((p) => p.state)).toEqual(["not_sent", "not_sent"]);
    expect(notSent).toMatchObject({ belongsOnPortals: true, status: "completed", saleStatus: "for_sale" });

    const problems = await listPortalHomes({ problems: true }, { page: 1, pageSize: 50 });
    expect(problems.items.map((home) => home.projectId)).toEqual([goneId, live.id]);

    const second = await listPortalHomes({}, { page: 2, pageSize: 3 });
    expect(second).toMatchObject({ total: 4, page: 2, pageCount: 2 });
    expect(second.items.map((home) => home.projectId)).toEqual([listedNotSent.id]);
  });

  test("a portal's answer in a line: its message, its status, text, or the HTTP status alone", () => {
    expect(shortAnswer({ message: "Property sent", success: true }, 200, null)).toBe("Property sent (HTTP 200)");
    expect(shortAnswer({ status: "OK", listing_reference: "MW1" }, null, null)).toBe("OK");
    expect(shortAnswer("Service  Unavailable\n", 503, null)).toBe("Service Unavailable (HTTP 503)");
    expect(shortAnswer(null, 502, null)).toBe("HTTP 502");
    expect(shortAnswer({ message: "x" }, null, "timed out after 30 s")).toBe("timed out after 30 s");
    expect(shortAnswer(null, null, "y".repeat(500))).toHaveLength(200);
  });

  test("the page and the API: admins only, ?problems=1, malformed filters", async () => {
    const admin = await account();
    const vendor = await account("vendor");
    const home = await createListing({ address: "5 Page Street, Leicester LE1 1AA" });
    await portalListing("rightmove", home.id, { lastOutcome: "rejected", live: false, lastError: "bad postcode" });

    const loaded = await portalsPage.loader({
      request: request("/admin/portals?problems=1", admin.cookie),
      params: {},
      context,
    } as never);
    expect(loaded.problems).toBe(true);
    expect(loaded.page.items.map((row) => row.projectId)).toEqual([home.id]);
    expect(loaded.settings).toMatchObject({
      rightmove: { on: true, networkId: 1001, branchId: 2002, endpointHost: "127.0.0.1:9" },
      blm: { branchId: 2002 },
      zoopla: { on: true, branchReference: "MW-LEICESTER" },
    });
    expect(
      await thrownStatus(
        portalsPage.loader({ request: request("/admin/portals", vendor.cookie), params: {}, context } as never),
      ),
    ).toBe(403);
    const redirected = await thrownStatus(
      portalsPage.loader({
        request: request("/admin/portals?problems=yes", admin.cookie),
        params: {},
        context,
      } as never),
    );
    expect(redirected).toBe(302);

    const api = await listApi.loader({
      request: request("/api/v1/admin/portals?pageSize=10", admin.cookie),
      params: {},
      context,
    } as never);
    expect(api.status).toBe(200);
    const body = (await api.json()) as {
      data: { projectId: number }[];
      pageSize: number;
      exports: unknown[];
      settings: object;
    };
    expect(body).toMatchObject({ pageSize: 10, total: 1, exports: [] });
    expect(body.data[0]!.projectId).toBe(home.id);
    const bad = await listApi.loader({
      request: request("/api/v1/admin/portals?problems=yes", admin.cookie),
      params: {},
      context,
    } as never);
    expect(bad.status).toBe(400);
    const anonymous = await listApi.loader({
      request: request("/api/v1/admin/portals", null),
      params: {},
      context,
    } as never);
    expect(anonymous.status).toBe(401);
    const forbidden = await listApi.loader({
      request: request("/api/v1/admin/portals", vendor.cookie),
      params: {},
      context,
    } as never);
    expect(forbidden.status).toBe(403);
  });

  test("with no BLM branch the page says files are made for branch 0; recent files newest first", async () => {
    portalsOn(false);
    const admin = await account();
    await prisma.feedExport.createMany({
      data: [
        {
          fileName: "0_2026112405.zip",
          location: "private/feeds/rightmove-0-2026112405.zip",
          propertyCount: 2,
          mediaCount: 9,
          byteSize: 2048,
          createdAt: minutesAgo(2880),
        },
        {
          fileName: "0_2026112505.zip",
          location: "private/feeds/rightmove-0-2026112505.zip",
          propertyCount: 3,
          mediaCount: 12,
          byteSize: 4096,
          createdAt: minutesAgo(1440),
        },
      ],
    });
    const loaded = await portalsPage.loader({
      request: request("/admin/portals", admin.cookie),
      params: {},
      context,
    } as never);
    expect(loaded.settings).toEqual({
      rightmove: { on: false, networkId: null, branchId: null, endpointHost: null },
      blm: { branchId: 0 },
      zoopla: { on: false, branchReference: null, endpointHost: null },
    });
    expect(loaded.exports.map((file) => file.fileName)).toEqual(["0_2026112505.zip", "0_2026112405.zip"]);
  });
});

describe("a home's history", () => {
  test("every request newest first with its portal, payload and answer; unknown homes are 404", async () => {
    const admin = await account();
    const home = await createListing({ address: "6 History Row, Leicester LE1 1AA" });
    await portalListing("rightmove", home.id, {
      submissions: [
        {
          action: "send",
          reason: "listed",
          outcome: "accepted",
          httpStatus: 200,
          answer: { message: "OK" },
          at: minutesAgo(20),
        },
        {
          action: "send",
          reason: "price change",
          outcome: "rejected",
          httpStatus: 400,
          answer: { errors: ["price"] },
          at: minutesAgo(5),
        },
      ],
    });
    await portalListing("zoopla", home.id, {
      submissions: [
        {
          action: "send",
          reason: "listed",
          outcome: "accepted",
          httpStatus: 200,
          answer: { status: "OK" },
          at: minutesAgo(10),
        },
      ],
    });
    const { home: row, submissions } = await portalHistory(home.id, { page: 1, pageSize: 50 });
    expect(row.address).toBe("6 History Row, Leicester LE1 1AA");
    expect(submissions.items.map((s) => [s.portal, s.reason, s.outcome])).toEqual([
      ["rightmove", "price change", "rejected"],
      ["zoopla", "listed", "accepted"],
      ["rightmove", "listed", "accepted"],
    ]);
    expect(submissions.items[0]).toMatchObject({
      httpStatus: 400,
      answer: { errors: ["price"] },
      payload: { agent_ref: `MW${home.id}` },
    });

    const page = await historyPage.loader({
      request: request(`/admin/portals/${home.id}`, admin.cookie),
      params: { projectId: String(home.id) },
      context,
    } as never);
    expect(page.submissions.total).toBe(3);
    for (const projectId of ["abc", "0", "999999"])
      expect(
        await thrownStatus(
          historyPage.loader({
            request: request(`/admin/portals/${projectId}`, admin.cookie),
            params: { projectId },
            context,
          } as never),
        ),
        projectId,
      ).toBe(404);

    const api = await historyApi.loader({
      request: request(`/api/v1/admin/portals/${home.id}?pageSize=2`, admin.cookie),
      params: { projectId: String(home.id) },
      context,
    } as never);
    expect(api.status).toBe(200);
    expect(await api.json()).toMatchObject({ home: { projectId: home.id }, total: 3, pageSize: 2, pageCount: 2 });
    const unknown = await historyApi.loader({
      request: request("/api/v1/admin/portals/999999", admin.cookie),
      params: { projectId: "999999" },
      context,
    } as never);
    expect(unknown.status).toBe(404);
  });
});

describe("resend", () => {
  test("queues a forced sync to each portal that is on (key …:resend), audited; the page says where it went", async () => {
    const admin = await account();
    const home = await createListing();
    expect(await resendToPortals({ actor: admin.actor, projectId: home.id })).toEqual({
      queued: ["rightmove", "zoopla"],
    });
    expect(await queued(home.id)).toEqual([
      {
        name: "portal-rightmove",
        key: `rightmove:${home.id}:resend`,
        data: { projectId: home.id, reason: "resend", force: true },
      },
      {
        name: "portal-zoopla",
        key: `zoopla:${home.id}:resend`,
        data: { projectId: home.id, reason: "resend", force: true },
      },
    ]);
    const audit = await prisma.auditEvent.findFirstOrThrow({ where: { action: "project.portal_resend" } });
    expect(audit).toMatchObject({
      entityId: String(home.id),
      actorId: admin.actor.id,
      detail: { portals: ["rightmove", "zoopla"] },
    });

    await prisma.$executeRaw`DELETE FROM pgboss.job`;
    const response = (await portalsPage.action({
      request: request("/admin/portals?problems=1", admin.cookie, {
        method: "POST",
        form: { intent: "resend", projectId: String(home.id) },
      }),
      params: {},
      context,
    } as never)) as Response;
    expect(response.headers.get("Location")).toBe("/admin/portals?problems=1");
    expect(await toastOf(response)).toMatchObject({ type: "success", message: "Sent again to Rightmove and Zoopla." });
    expect(await queued(home.id)).toHaveLength(2);

    await prisma.$executeRaw`DELETE FROM pgboss.job`;
    const api = await resendApi.action({
      request: request(`/api/v1/admin/portals/${home.id}/resend`, admin.cookie, { method: "POST" }),
      params: { projectId: String(home.id) },
      context,
    } as never);
    expect(api.status).toBe(202);
    expect(await api.json()).toEqual({
      message: "Sent again to Rightmove and Zoopla.",
      queued: ["rightmove", "zoopla"],
    });
    expect(await queued(home.id)).toHaveLength(2);
  });

  test("409 with the reason for a home that cannot go or when no portal is on; 404 for an unknown home", async () => {
    const admin = await account();
    const pending = await createListing({ status: "pending" });
    const off = await createListing({ sendToPortals: false });
    await portalListing("zoopla", 424242, { live: false, lastAction: "remove", lastStatus: "withdrawn" });
    const refusal = (projectId: number) =>
      resendToPortals({ actor: admin.actor, projectId }).then(
        () => null,
        (error: { status: number; message: string }) => [error.status, error.message],
      );
    expect(await refusal(pending.id)).toEqual([409, expect.stringContaining("not listed yet")]);
    expect(await refusal(off.id)).toEqual([409, expect.stringContaining("'Send to portals' is off")]);
    expect(await refusal(424242)).toEqual([409, expect.stringContaining("deleted")]);
    expect(await refusal(999999)).toEqual([404, expect.any(String)]);

    const api = (projectId: string) =>
      resendApi.action({
        request: request(`/api/v1/admin/portals/${projectId}/resend`, admin.cookie, { method: "POST" }),
        params: { projectId },
        context,
      } as never);
    expect((await api(String(off.id))).status).toBe(409);
    expect((await api("abc")).status).toBe(404);
    const wrongMethod = await resendApi.loader();
    expect(wrongMethod.status).toBe(405);

    const page = (await portalsPage.action({
      request: request("/admin/portals", admin.cookie, {
        method: "POST",
        form: { intent: "resend", projectId: String(pending.id) },
      }),
      params: {},
      context,
    } as never)) as Response;
    expect(await toastOf(page)).toMatchObject({ type: "error", message: expect.stringContaining("not listed yet") });

    portalsOn(false);
    const listed = await createListing();
    expect(await refusal(listed.id)).toEqual([409, expect.stringContaining("No portal is switched on")]);
    expect(await queued()).toEqual([]);
  });
});

test("a deleted home a portal still holds (its removal was refused) can be resent: the removal goes again", async () => {
  const admin = await account();
  await portalListing("rightmove", 434343, { live: true, lastAction: "remove", lastOutcome: "rejected" });
  expect(await resendToPortals({ actor: admin.actor, projectId: 434343 })).toEqual({ queued: ["rightmove", "zoopla"] });
  expect(await queued(434343)).toHaveLength(2);
});

describe("'Send to portals'", () => {
  test("switching off queues a removal, on queues a send, both audited; unchanged does nothing; unknown 404", async () => {
    const admin = await account();
    const home = await createListing();
    expect(await setSendToPortals({ actor: admin.actor, id: home.id, on: false })).toEqual({ changed: true });
    expect((await prisma.project.findUniqueOrThrow({ where: { id: home.id } })).sendToPortals).toBe(false);
    const off = await queued(home.id);
    expect(off.map((job) => [job.name, job.key, job.data.reason, job.data.force])).toEqual([
      ["portal-rightmove", `rightmove:${home.id}`, "taken off portals", undefined],
      ["portal-zoopla", `zoopla:${home.id}`, "taken off portals", undefined],
    ]);
    await prisma.$executeRaw`DELETE FROM pgboss.job`;
    expect(await setSendToPortals({ actor: admin.actor, id: home.id, on: false })).toEqual({ changed: false });
    expect(await queued(home.id)).toEqual([]);
    await setSendToPortals({ actor: admin.actor, id: home.id, on: true });
    expect((await queued(home.id)).map((job) => job.data.reason)).toEqual(["sent to portals", "sent to portals"]);
    const audits = await prisma.auditEvent.findMany({
      where: { action: "project.send_to_portals" },
      orderBy: { id: "asc" },
    });
    expect(audits.map((a) => a.detail)).toEqual([
      { from: true, to: false },
      { from: false, to: true },
    ]);
    await expect(setSendToPortals({ actor: admin.actor, id: 999999, on: true })).rejects.toMatchObject({ status: 404 });
  });

  test("the property page's Portals card: the box and each portal's state; saving without the tick turns it off", async () => {
    const admin = await account();
    const home = await createListing();
    await portalListing("rightmove", home.id);
    const loaded = await detailsPage.loader({
      request: request(`/admin-property-details/${home.id}`, admin.cookie),
      params: { projectId: String(home.id) },
      context,
    } as never);
    expect(loaded.project.sendToPortals).toBe(true);
    expect(loaded.portals.map((p) => [p.portal, p.state])).toEqual([
      ["rightmove", "live"],
      ["zoopla", "not_sent"],
    ]);
    const post = (fields: Record<string, string>) =>
      detailsPage.action({
        request: request(`/admin-property-details/${home.id}?tab=details`, admin.cookie, {
          method: "POST",
          form: { intent: "send-to-portals", ...fields },
        }),
        params: { projectId: String(home.id) },
        context,
      } as never) as Promise<Response>;
    const off = await post({});
    expect(off.headers.get("Location")).toBe(`/admin-property-details/${home.id}?tab=details`);
    expect(await toastOf(off)).toMatchObject({ type: "success", message: "This home will be taken off the portals." });
    expect((await prisma.project.findUniqueOrThrow({ where: { id: home.id } })).sendToPortals).toBe(false);
    const on = await post({ send_to_portals: "on" });
    expect(await toastOf(on)).toMatchObject({ message: "This home will be sent to the portals." });
    expect((await prisma.project.findUniqueOrThrow({ where: { id: home.id } })).sendToPortals).toBe(true);
    const bad = await post({ send_to_portals: "maybe" });
    expect(await toastOf(bad)).toMatchObject({ type: "error" });
  });

  test("the admin project API reads and sets send_to_portals; left out, it stays as it is", async () => {
    const admin = await account();
    const home = await createListing({ address: "12 Granby Street, Leicester LE1 6EJ", postcode: "LE1 6EJ" });
    const put = (json: object) =>
      projectApi.action({
        request: request(`/api/v1/admin/projects/${home.id}`, admin.cookie, { method: "PUT", json }),
        params: { id: String(home.id) },
        context,
      } as never);
    const details = {
      address: "12 Granby Street, Leicester",
      postcode: "LE1 6EJ",
      price: 260000,
      property_type: "Terraced",
    };
    const off = await put({ ...details, send_to_portals: false });
    expect(off.status).toBe(200);
    expect(await off.json()).toMatchObject({ send_to_portals: false, price: 260000 });
    expect((await queued(home.id)).map((job) => job.data.reason)).toContain("taken off portals");
    const kept = await put(details);
    expect(await kept.json()).toMatchObject({ send_to_portals: false });
    const bad = await put({ ...details, send_to_portals: "yes" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Record<string, string[]> }).errors.send_to_portals).toBeDefined();
    const read = await projectApi.loader({
      request: request(`/api/v1/admin/projects/${home.id}`, admin.cookie),
      params: { id: String(home.id) },
      context,
    } as never);
    expect(await read.json()).toMatchObject({ send_to_portals: false });
  });
});

describe("Write today's file now", () => {
  test("queues the BLM export once while one waits, audited, with a toast", async () => {
    const admin = await account();
    const response = (await portalsPage.action({
      request: request("/admin/portals", admin.cookie, { method: "POST", form: { intent: "write-blm" } }),
      params: {},
      context,
    } as never)) as Response;
    expect(response.headers.get("Location")).toBe("/admin/portals");
    expect(await toastOf(response)).toMatchObject({ type: "success", message: "The BLM file is being written." });
    await requestBlmExport(admin.actor);
    expect((await queued()).map((job) => job.name)).toEqual(["rightmove-blm-export"]);
    expect(await prisma.auditEvent.count({ where: { action: "portals.blm_export" } })).toBe(2);
    const nonsense = (await portalsPage.action({
      request: request("/admin/portals", admin.cookie, { method: "POST", form: { intent: "explode" } }),
      params: {},
      context,
    } as never)) as Response;
    expect(await toastOf(nonsense)).toMatchObject({ type: "error" });
  });
});
