// Viewing times and dates (spec §5 and §9): half-hour slots from 09:00 to 17:30 (18 in all), 10:00 by
// default, on a day from tomorrow onwards in UK time. Times are stored as 24-hour "HH:MM".

import { addDays, londonToday } from "../../lib/dates";

const FIRST_SLOT_MINUTES = 9 * 60;
const LAST_SLOT_MINUTES = 17 * 60 + 30;

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

export const VIEWING_SLOTS: string[] = Array.from(
  { length: (LAST_SLOT_MINUTES - FIRST_SLOT_MINUTES) / 30 + 1 },
  (_, i) => hhmm(FIRST_SLOT_MINUTES + i * 30),
);

export const DEFAULT_VIEWING_TIME = "10:00";

/** How far ahead a viewing may be asked for. */
export const MAX_VIEWING_DAYS_AHEAD = 183;

/**
 * "14:30", "9:30", "02:30 PM" or "2:30pm" → "14:30"; null when it is not a time of day. Without AM/PM
 * the time is read as 24-hour.
 */
export function normaliseTime(text: string): string | null {
  const match = text.trim().match(/^(\d{1,2})[:.](\d{2})\s*(?:([ap])\.?\s*m\.?)?$/i);
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (minute > 59) return null;
  if (match[3])
    return hour >= 1 && hour <= 12
      ? hhmm(((hour % 12) + (match[3].toUpperCase() === "P" ? 12 : 0)) * 60 + minute)
      : null;
  return hour > 23 ? null : hhmm(hour * 60 + minute);
}

export const isViewingSlot = (time: string) => VIEWING_SLOTS.includes(time);

/** "14:30" → "2:30 PM" */
export function formatSlot(time: string) {
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  return `${((hour + 11) % 12) + 1}:${String(minute).padStart(2, "0")} ${hour < 12 ? "AM" : "PM"}`;
}

/** The forms' one choice of time: each slot, "09:00" shown as "9:00 AM". */
export const VIEWING_SLOT_OPTIONS = VIEWING_SLOTS.map((slot) => ({ value: slot, label: formatSlot(slot) }));

/** The dates a viewing may be asked for, today being `now` in the UK. */
export function viewingDateRange(now = new Date()) {
  const today = londonToday(now);
  return { earliest: addDays(today, 1), latest: addDays(today, MAX_VIEWING_DAYS_AHEAD) };
}

const weekday = new Intl.DateTimeFormat("en-GB", { weekday: "long", timeZone: "UTC" });
const dayMonthYear = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** "2026-11-24" (or the stored date) → "Tuesday 24 November 2026" (built in parts: engines differ on the comma). */
export function formatViewingDate(date: string | Date) {
  const day = typeof date === "string" ? new Date(`${date}T00:00:00Z`) : date;
  return `${weekday.format(day)} ${dayMonthYear.format(day)}`;
}
