// The seller's approval of the listing (asked by the agency, given on the preview, voided by any change to
// what buyers see, and emailed each time), an agent's personal interest shown before buyers view or offer,
// and the complaints log's eight-week clock.
import { describe, expect, test } from "vitest";

import { prisma } from "../../app/lib/db.server";
import { createUserSession } from "../../app/modules/auth/session.server";
import { listComplaints, recordComplaint, recordFinalResponse } from "../../app/modules/complaints/complaints.server";
import {
  getListingApproval,
  listingApproved,
  requestListingApproval,
} from "../../app/modules/listings/approval.server";
import { updateImageAltText } from "../../app/modules/media/uploads.server";
import * as approvalApi from "../../app/routes/api.v1.vendor.bookings.$id.approval";
import * as approvalPage from "../../app/routes/view-a-property.$projectId.approval";
import * as listingPage from "../../app/routes/view-properties.$projectId";
import * as offerPage from "../../app/routes/view-properties.$projectId.offer";
import { setupTestDatabase } from "../support/database";
import { createListing } from "../support/listings";
import { subjectOf } from "../support/mail-headers";
import { account, request, routeArgs, settle } from "../support/payments";
import { sendQueuedMail, setupSmtpServer, textOf } from "../support/smtp";

setupTestDatabase();
const inbox = setupSmtpServer();

async function unlistedHome() {
  const seller = await account("vendor");
  const admin = await account("admin");
  const home = await createListing({ status: "pending", listedAt: null, ownerId: seller.id, photos: 1 });
  return { seller, admin, home, path: `/view-a-property/${home.id}/approval` };
}

const decide = (path: string, cookie: string, projectId: number, form: Record<string, string>) =>
  settle(() => approvalPage.action(routeArgs(request(path, { cookie, form }), { projectId: String(projectId) })));

describe("the seller approves the listing as buyers will see it", () => {
  test("asked, approved, then voided by a change to a photo's caption and asked again by email", async () => {
    const { seller, admin, home, path } = await unlistedHome();
    const before = (await settle(() =>
      approvalPage.loader(routeArgs(request(path, { cookie: seller.cookie }), { projectId: String(home.id) })),
    )) as { status: number; data: { approval: { state: string; fingerprint: string }; preview: unknown } };
    expect(before.status).toBe(200);
    expect(before.data.approval.state).toBe("not-requested");
    // Not asked yet: nothing to approve.
    expect(
      (await decide(path, seller.cookie, home.id, { intent: "approve", fingerprint: before.data.approval.fingerprint }))
        .status,
    ).toBe(409);

    await requestListingApproval({ actor: { id: admin.id, ipAddress: "203.0.113.9" }, projectId: home.id });
    inbox.length = 0;
    await sendQueuedMail();
    expect(inbox.map((m) => subjectOf(m.raw))).toContain(`Please approve your listing: ${home.address}`);

    const { fingerprint } = await getListingApproval(home.id);
    // A fingerprint other than the listing's now (it changed while the seller looked) is refused.
    expect(
      (await decide(path, seller.cookie, home.id, { intent: "approve", fingerprint: "0".repeat(64) })).status,
    ).toBe(409);
    // An admin never approves for the seller.
    expect((await decide(path, admin.cookie, home.id, { intent: "approve", fingerprint })).status).toBe(403);
    const approved = await decide(path, seller.cookie, home.id, { intent: "approve", fingerprint });
    expect(approved.status).toBe(302);
    expect(await listingApproved(home.id)).toBe(true);

    const image = await prisma.projectImage.findFirstOrThrow({ where: { projectId: home.id } });
    await updateImageAltText(home.id, image.id, "The kitchen, from the garden door");
    expect(await listingApproved(home.id)).toBe(false);
    const voided = await getListingApproval(home.id);
    expect(voided).toMatchObject({ state: "changed", changedSinceApproval: ["photos"] });
    expect(voided.latest?.decision).toBe("voided");
    inbox.length = 0;
    await sendQueuedMail();
    const again = inbox.find((m) => subjectOf(m.raw) === `Please approve your listing again: ${home.address}`);
    expect(again && textOf(again)).toContain("photos, floor plans and virtual tour");
  });

  test("a change by a write path that says nothing still voids the approval", async () => {
    const { seller, admin, home } = await unlistedHome();
    await requestListingApproval({ actor: { id: admin.id, ipAddress: "203.0.113.9" }, projectId: home.id });
    const { fingerprint } = await getListingApproval(home.id);
    const answer = await approvalApi.action(
      routeArgs(
        request(`/api/v1/vendor/bookings/${home.id}/approval`, {
          cookie: seller.cookie,
          json: { decision: "approve", fingerprint },
        }),
        {
          id: String(home.id),
        },
      ),
    );
    expect(answer.status).toBe(200);
    expect(await listingApproved(home.id)).toBe(true);
    await prisma.project.update({ where: { id: home.id }, data: { price: 260_000 } });
    expect(await listingApproved(home.id)).toBe(false);
    expect(await getListingApproval(home.id)).toMatchObject({ state: "changed", changedSinceApproval: ["price"] });
  });

  test("the seller asks for changes per section; the agency is told what and sees it", async () => {
    const { seller, admin, home, path } = await unlistedHome();
    await requestListingApproval({ actor: { id: admin.id, ipAddress: "203.0.113.9" }, projectId: home.id });
    const { fingerprint } = await getListingApproval(home.id);
    const empty = await decide(path, seller.cookie, home.id, { intent: "request-changes", fingerprint });
    expect(empty.status).toBe(400);
    const asked = await decide(path, seller.cookie, home.id, {
      intent: "request-changes",
      fingerprint,
      "comment-description": "Mention the new boiler.",
      "comment-price": "Guide price £255,000, please.",
    });
    expect(asked.status).toBe(302);
    const approval = await getListingApproval(home.id);
    expect(approval.state).toBe("changes-requested");
    expect(approval.latest?.changes).toEqual([
      { section: "description", label: "Description and key features", comment: "Mention the new boiler." },
      { section: "price", label: "Price", comment: "Guide price £255,000, please." },
    ]);
    expect(await listingApproved(home.id)).toBe(false);
    inbox.length = 0;
    await sendQueuedMail();
    const toAgency = inbox.find((m) => subjectOf(m.raw).startsWith("The seller asks for changes to the listing"));
    expect(toAgency && textOf(toAgency)).toContain("Mention the new boiler.");
    // Asked again after the changes: waiting for the seller once more.
    await requestListingApproval({ actor: { id: admin.id, ipAddress: "203.0.113.9" }, projectId: home.id });
    expect((await getListingApproval(home.id)).state).toBe("awaiting");
  });
});

describe("an agent's personal interest", () => {
  test("is shown on the listing and in the offer form before a buyer acts", async () => {
    const declaration = "The seller is the brother of our director.";
    const home = await createListing({ personalInterest: declaration, personalInterestRecordedAt: new Date() });
    const listing = (await listingPage.loader(
      routeArgs(request(`/view-properties/${home.id}`), { projectId: String(home.id) }),
    )) as {
      listing: { personalInterest: string | null };
    };
    expect(listing.listing.personalInterest).toBe(declaration);
    const buyer = await prisma.user.create({
      data: {
        email: "bob@example.com",
        fullName: "Bob Buyer",
        passwordHash: "not used",
        role: "buyer",
        emailVerifiedAt: new Date(),
      },
    });
    const cookie = (await createUserSession(buyer.id, { persistent: false })).split(";")[0]!;
    const offer = await settle(() =>
      offerPage.loader(
        routeArgs(request(`/view-properties/${home.id}/offer`, { cookie }), {
          projectId: String(home.id),
        }),
      ),
    );
    expect((offer.data as { listing: { personalInterest: string | null } }).listing.personalInterest).toBe(declaration);
  });
});

describe("the complaints log", () => {
  test("counts eight weeks from receipt, overdue without a final response, stopped by one", async () => {
    const admin = await account("admin");
    const actor = { id: admin.id, ipAddress: "203.0.113.9" };
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const late = await recordComplaint({
      actor,
      input: { name: "Cal", email: "cal@example.com", details: "Late.", received_on: day(60) },
    });
    const fresh = await recordComplaint({
      actor,
      input: { name: "Dee", email: "dee@example.com", details: "New.", received_on: day(6) },
    });
    const log = await listComplaints();
    expect(log.redressScheme).toBe("The Property Ombudsman");
    const byId = new Map(log.complaints.map((c) => [c.id, c]));
    expect(byId.get(late.id)).toMatchObject({ overdue: true, daysLeft: 0, status: "open" });
    expect(byId.get(fresh.id)?.daysLeft).toBeGreaterThanOrEqual(49);
    expect(byId.get(fresh.id)?.daysLeft).toBeLessThanOrEqual(51);
    const answered = await recordFinalResponse({ actor, id: late.id, input: { final_response: "We are sorry." } });
    expect(answered).toMatchObject({
      status: "resolved",
      clock: "Final response sent",
      overdue: false,
      daysLeft: null,
    });
    await expect(
      recordFinalResponse({ actor, id: late.id, input: { final_response: "Again." } }),
    ).rejects.toMatchObject({ status: 409 });
  });
});
