// The complaints log: staff record each complaint as it arrives and its final response; the list shows how
// long is left of the redress scheme's eight weeks (./clock.ts).
import { prisma } from "../../lib/db.server";
import { ServiceError } from "../../lib/service-error";
import { recordAudit } from "../audit/audit.server";
import { redressScheme } from "../marketing/disclosures.server";
import { clockText, complaintClock } from "./clock";
import type { ComplaintInput, FinalResponseInput } from "./schemas";

type Actor = { id: number; ipAddress: string };

/** A UK date (YYYY-MM-DD) at noon UTC, so it is that day in London whatever the season; left out: now. */
const dayOrNow = (day: string | undefined) => (day ? new Date(`${day}T12:00:00Z`) : new Date());

const select = {
  id: true,
  receivedAt: true,
  name: true,
  email: true,
  details: true,
  status: true,
  finalResponse: true,
  finalResponseAt: true,
  project: { select: { id: true, address: true } },
} as const;

type Row = {
  id: number;
  receivedAt: Date;
  name: string;
  email: string;
  details: string;
  status: "open" | "resolved";
  finalResponse: string | null;
  finalResponseAt: Date | null;
  project: { id: number; address: string } | null;
};

function toComplaint(row: Row, now: Date) {
  const clock = complaintClock(row, now);
  return {
    id: row.id,
    receivedAt: row.receivedAt.toISOString(),
    name: row.name,
    email: row.email,
    details: row.details,
    status: row.status,
    project: row.project,
    finalResponse: row.finalResponse,
    finalResponseAt: row.finalResponseAt?.toISOString() ?? null,
    redressDeadline: clock.deadline.toISOString(),
    daysLeft: clock.state === "running" ? clock.daysLeft : clock.state === "overdue" ? 0 : null,
    clock: clockText(clock),
    overdue: clock.state === "overdue",
  };
}

export type ComplaintView = ReturnType<typeof toComplaint>;

/** Every complaint, open ones first (the nearest deadline first), then answered ones, newest first. */
export async function listComplaints(now = new Date()) {
  const rows = await prisma.complaint.findMany({ select, orderBy: [{ status: "asc" }, { receivedAt: "asc" }] });
  const open = rows.filter((row) => row.status === "open");
  const answered = rows.filter((row) => row.status === "resolved").reverse();
  return { redressScheme: redressScheme(), complaints: [...open, ...answered].map((row) => toComplaint(row, now)) };
}

export async function recordComplaint({ actor, input }: { actor: Actor; input: ComplaintInput }) {
  return prisma.$transaction(async (tx) => {
    if (input.project_id !== undefined) {
      const project = await tx.project.findUnique({ where: { id: input.project_id }, select: { id: true } });
      if (!project)
        throw new ServiceError(422, "There is no property with that booking number.", {
          fieldErrors: { project_id: ["There is no property with that booking number."] },
        });
    }
    const row = await tx.complaint.create({
      data: {
        name: input.name,
        email: input.email,
        details: input.details,
        receivedAt: dayOrNow(input.received_on),
        projectId: input.project_id ?? null,
        recordedById: actor.id,
      },
      select,
    });
    await recordAudit(
      {
        actorId: actor.id,
        action: "complaint.recorded",
        entity: "Complaint",
        entityId: row.id,
        detail: {},
        ipAddress: actor.ipAddress,
      },
      tx,
    );
    return toComplaint(row, new Date());
  });
}

/** Records the final response: the redress scheme's clock stops. Only an open complaint has one to record. */
export async function recordFinalResponse({
  actor,
  id,
  input,
}: {
  actor: Actor;
  id: number;
  input: FinalResponseInput;
}) {
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.complaint.updateMany({
      where: { id, status: "open" },
      data: { status: "resolved", finalResponse: input.final_response, finalResponseAt: dayOrNow(input.sent_on) },
    });
    if (count === 0) {
      const exists = await tx.complaint.findUnique({ where: { id }, select: { id: true } });
      throw exists
        ? new ServiceError(409, "This complaint already has its final response.")
        : new ServiceError(404, "We couldn't find that complaint.");
    }
    await recordAudit(
      {
        actorId: actor.id,
        action: "complaint.final_response",
        entity: "Complaint",
        entityId: id,
        detail: {},
        ipAddress: actor.ipAddress,
      },
      tx,
    );
    return toComplaint((await tx.complaint.findUnique({ where: { id }, select }))!, new Date());
  });
}
