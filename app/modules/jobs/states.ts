// A job's states (pg-boss's), as the admin pages name them.
export const JOB_STATES = ["created", "retry", "active", "completed", "cancelled", "failed"] as const;
export type JobState = (typeof JOB_STATES)[number];

export const JOB_STATE_LABELS: Record<JobState, string> = {
  created: "Waiting",
  retry: "Waiting to retry",
  active: "Running",
  completed: "Done",
  cancelled: "Cancelled",
  failed: "Failed",
};
