// What the admin dashboard's charts show. A type of its own so the chart component can use it without importing
// the server file that counts it (admin-projects.server.ts).
import type { ProjectStatus } from "../../generated/prisma/enums";

export type DashboardStats = {
  /** Projects in each status. */
  projects: { status: ProjectStatus; count: number }[];
  /** Viewing and valuation requests in each of the last weeks, by the Monday the week starts on. */
  requests: { week: Date; viewings: number; valuations: number }[];
};
