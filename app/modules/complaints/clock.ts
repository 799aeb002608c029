// The redress scheme's eight-week clock. The Property Ombudsman and the Property Redress Scheme take a
// complaint once the agency has sent its final response, or once eight weeks have passed since the complaint
// without one. Eight calendar weeks: bank holidays and weekends count like any other day.
import { REDRESS_WEEKS } from "./options";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The moment eight weeks after the complaint was received. */
export const redressDeadline = (receivedAt: Date) => new Date(receivedAt.getTime() + REDRESS_WEEKS * 7 * DAY_MS);

export type ComplaintClock =
  | { state: "answered"; deadline: Date }
  | { state: "running"; deadline: Date; daysLeft: number }
  | { state: "overdue"; deadline: Date; daysOver: number };

/**
 * Where a complaint's clock stands at `now`: answered (a final response was sent), running (whole days left,
 * counting a part day as a day), or overdue (the complainant may go to the redress scheme).
 */
export function complaintClock(
  complaint: { receivedAt: Date; finalResponseAt: Date | null },
  now = new Date(),
): ComplaintClock {
  const deadline = redressDeadline(complaint.receivedAt);
  if (complaint.finalResponseAt) return { state: "answered", deadline };
  const left = deadline.getTime() - now.getTime();
  if (left > 0) return { state: "running", deadline, daysLeft: Math.ceil(left / DAY_MS) };
  return { state: "overdue", deadline, daysOver: Math.floor(-left / DAY_MS) };
}

/** How the clock reads in the complaints list. */
export function clockText(clock: ComplaintClock) {
  if (clock.state === "answered") return "Final response sent";
  if (clock.state === "running") return `${clock.daysLeft} ${clock.daysLeft === 1 ? "day" : "days"} left`;
  return clock.daysOver === 0 ? "Eight weeks reached today" : `${clock.daysOver} days past eight weeks`;
}
