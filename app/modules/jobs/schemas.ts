import { z } from "zod";

import { JOB_STATES } from "./states";

/** ?state= on /admin/jobs and GET /api/v1/admin/jobs; empty means every state. */
export const JobFilterSchema = z.object({
  state: z.enum(JOB_STATES, { error: `state must be one of ${JOB_STATES.join(", ")}.` }).optional(),
});

/** The buttons on /admin/jobs. */
export const JobActionSchema = z.object({
  intent: z.enum(["retry", "cancel"], { error: "Choose retry or cancel." }),
  jobId: z.uuid({ error: "Choose a job." }),
});
