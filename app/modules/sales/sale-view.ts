// A sale as the pages and the API show it (dates "YYYY-MM-DD", times ISO 8601), made by progression.server.ts.
import type { MilestoneApiKey, TrackerStep } from "./milestones";

export type SolicitorView = { firm: string; name: string; email: string; phone: string; address: string };

/** A sale as pages and the API show it (dates "YYYY-MM-DD", times ISO 8601). */
export type SaleView = {
  id: number;
  propertyId: number;
  offerId: number;
  address: string;
  state: "in-progress" | "completed" | "fallen-through";
  agreedPrice: number;
  /** null in the seller's view of a sale that fell through. */
  buyerName: string | null;
  solicitors: { seller: SolicitorView; buyer: SolicitorView };
  subjectTo: string;
  memorandumIssuedAt: string | null;
  /** Where the memorandum PDF is served to the seller, the buyer and the agency; null until it is issued. */
  memorandumUrl: string | null;
  milestones: (TrackerStep & { apiKey: MilestoneApiKey })[];
  fallThroughReason: string | null;
  startedAt: string;
  endedAt: string | null;
};
