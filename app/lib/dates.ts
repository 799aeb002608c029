// Calendar dates as "YYYY-MM-DD" text (how forms, the API and the database's date columns carry them),
// and today's date in the UK, where the agency works.

const londonDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** Today's date in the UK, as "YYYY-MM-DD". */
export const londonToday = (now = new Date()) => londonDay.format(now);

/** "2026-11-30" plus 2 days → "2026-12-02". */
export function addDays(isoDate: string, days: number) {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A real calendar date written "YYYY-MM-DD" (so 2026-02-30 is not one). */
export function isIsoDate(text: string) {
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && addDays(text, 0) === text
  );
}

/** The day of a "YYYY-MM-DD" date or an ISO date-time ("2026-12-01T10:00:00Z" → "2026-12-01"), if it is a real date. */
export function calendarDayOf(text: string): string | null {
  const day = /^(\d{4}-\d{2}-\d{2})(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.exec(text.trim())?.[1];
  return day && isIsoDate(day) ? day : null;
}

const londonDateTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** The date and time in the UK (Europe/London, so BST is counted), as two-digit parts (the year has four). */
export const londonDateTimeParts = (date: Date) =>
  Object.fromEntries(londonDateTime.formatToParts(date).map((part) => [part.type, part.value])) as Record<
    "year" | "month" | "day" | "hour" | "minute" | "second",
    string
  >;
