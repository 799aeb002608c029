// Viewing slots are London wall-clock times ("2026-07-01" at "10:00"). These turn them into instants (for
// calendar files and "has it started?") and give the weeks of the admin calendar, whatever the server's zone.
import { addDays, isIsoDate, londonDateTimeParts, londonToday } from "../../lib/dates";

/** How far London is ahead of UTC at `instant`, in milliseconds (0 in winter, one hour in summer). */
function londonOffset(instant: number) {
  const parts = londonDateTimeParts(new Date(instant));
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant a London date and time ("2026-07-01", "10:00") names: 09:00 UTC in summer, 10:00 UTC in winter. */
export function londonInstant(date: string, time: string): Date {
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  const wall = Date.parse(`${date}T00:00:00Z`) + (hour * 60 + minute) * 60_000;
  const first = wall - londonOffset(wall);
  // Near a change of the clocks the offset at the guess may differ from the offset at the answer.
  return new Date(wall - londonOffset(first));
}

/** Viewings last half an hour (one slot). */
export const VIEWING_MINUTES = 30;

/** Whether the slot has begun at `now` (feedback opens then; a started viewing can no longer be cancelled). */
export const slotStarted = (date: string, time: string, now = new Date()) =>
  londonInstant(date, time).getTime() <= now.getTime();

/** The Monday of the week containing a "YYYY-MM-DD" date. */
export function mondayOf(date: string) {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  return addDays(date, -((weekday + 6) % 7));
}

/** The calendar's weeks: far enough for any real appointment, and never near the ends of what a Date can hold. */
const FIRST_DAY = "2000-01-03";
const LAST_DAY = "2999-12-24";

/** The Monday-to-Sunday week of `?week=` (any day in it), this London week when absent, not a date or out of range. */
export function weekOf(requested: string | null | undefined, now = new Date()) {
  const day =
    requested && isIsoDate(requested) && requested >= FIRST_DAY && requested <= LAST_DAY ? requested : londonToday(now);
  const monday = mondayOf(day);
  return {
    monday,
    days: Array.from({ length: 7 }, (_, i) => addDays(monday, i)),
    previous: addDays(monday, -7),
    next: addDays(monday, 7),
    thisWeek: mondayOf(londonToday(now)),
  };
}
