import { z } from "zod";

import { PageQuerySchema } from "../../../../lib/pagination";
import type { AdminJob, QueueHealth } from "../../../jobs/admin-jobs.server";
import { QUEUES } from "../../../jobs/queue.server";
import { JobFilterSchema } from "../../../jobs/schemas";
import { JOB_STATES } from "../../../jobs/states";
import { type ApiOperation, documents, isoDateTime } from "../registry";

const AdminJobSchema = documents<AdminJob>()(
  z
    .object({
      id: z.string().meta({ description: "The job's id (a UUID)." }),
      queue: z.enum(Object.keys(QUEUES) as [keyof typeof QUEUES]),
      state: z.enum(JOB_STATES).meta({
        description:
          "created: waiting; retry: waiting to retry after a failure; active: running; completed, cancelled, failed: finished (failed = gave up).",
      }),
      summary: z.string().meta({ description: "A message's subject, or what the job does." }),
      recipient: z.string().nullable().meta({ description: "Who a message is for; null for other jobs." }),
      attempts: z.number().int(),
      maxAttempts: z.number().int(),
      createdAt: isoDateTime,
      runAfter: isoDateTime.meta({ description: "When a waiting job runs next." }),
      finishedAt: isoDateTime.nullable(),
      lastError: z.string().nullable().meta({ description: "Why the last attempt failed (retry and failed jobs)." }),
    })
    .meta({ id: "AdminJob" }),
);

const QueueHealthSchema = documents<QueueHealth>()(
  z
    .object({
      waiting: z.number().int(),
      oldestWaitingSeconds: z.number().int().nullable(),
      running: z.number().int(),
      failed: z.number().int(),
      mailFailing: z
        .number()
        .int()
        .meta({ description: "Messages whose last attempt failed (waiting to retry) or that gave up." }),
    })
    .meta({ id: "QueueHealth" }),
);

const jobPath = z.object({
  id: z.string().meta({ description: "The job's id.", example: "6f1c2b1e-3d4a-4f5b-9c6d-7e8f9a0b1c2d" }),
});
const signedOut = "Signed out, or the token is not valid.";
const notAdmin = "Not an admin.";
const noJob = "No such job (finished jobs are archived after a day).";

const tag = "Admin jobs";

export const adminJobOperations: ApiOperation[] = [
  {
    operationId: "listJobs",
    method: "get",
    path: "/admin/jobs",
    tag,
    summary: "Background jobs (mail, schedules), newest first",
    description:
      "Every email the site sends goes through this queue; a failed attempt is retried with growing pauses for about a day, then kept as failed for 30 days.",
    access: "admin",
    params: { query: PageQuerySchema.extend(JobFilterSchema.shape) },
    responses: {
      200: {
        description: "One page of jobs, and the queue's health.",
        schema: z.object({
          data: z.array(AdminJobSchema),
          total: z.number().int(),
          page: z.number().int(),
          pageSize: z.number().int(),
          pageCount: z.number().int(),
          health: QueueHealthSchema,
        }),
      },
    },
    errors: { 400: "state, page or pageSize is not valid.", 401: signedOut, 403: notAdmin },
  },
  {
    operationId: "retryJob",
    method: "post",
    path: "/admin/jobs/{id}/retry",
    tag,
    summary: "Run a failed, cancelled or retrying job again now",
    access: "admin",
    params: { path: jobPath },
    responses: {
      200: {
        description: "It will run in a moment; recorded in the audit log.",
        schema: z.object({ message: z.string() }),
      },
    },
    errors: { 401: signedOut, 403: notAdmin, 404: noJob, 409: "The job is waiting, running or done." },
  },
  {
    operationId: "cancelJob",
    method: "post",
    path: "/admin/jobs/{id}/cancel",
    tag,
    summary: "Cancel a waiting or running job",
    access: "admin",
    params: { path: jobPath },
    responses: {
      200: {
        description: "It will not run (again); recorded in the audit log.",
        schema: z.object({ message: z.string() }),
      },
    },
    errors: { 401: signedOut, 403: notAdmin, 404: noJob, 409: "The job has finished." },
  },
];
