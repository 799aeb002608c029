// A buyer's position: the API's words ("first-time-buyer") beside the database's (first_time_buyer) and the
// label people read. Offers and viewing feedback both record it.
import type { BuyerPosition } from "../../generated/prisma/enums";

export const POSITIONS = ["first-time-buyer", "nothing-to-sell", "sold-stc", "needs-to-sell", "cash"] as const;
export type Position = (typeof POSITIONS)[number];

export const POSITION_LABELS: Record<Position, string> = {
  "first-time-buyer": "First-time buyer",
  "nothing-to-sell": "Nothing to sell",
  "sold-stc": "Own home sold subject to contract",
  "needs-to-sell": "Needs to sell a home first",
  cash: "Cash buyer",
};

export const positionToDb = (position: Position) => position.replaceAll("-", "_") as BuyerPosition;
export const positionOfDb = (position: BuyerPosition) => position.replaceAll("_", "-") as Position;
