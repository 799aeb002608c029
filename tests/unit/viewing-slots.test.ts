import { describe, expect, test } from "vitest";

import { addDays, isIsoDate, londonToday } from "../../app/lib/dates";
import {
  formatSlot,
  formatViewingDate,
  normaliseTime,
  VIEWING_SLOT_OPTIONS,
  VIEWING_SLOTS,
  viewingDateRange,
} from "../../app/modules/viewings/slots";

describe("viewing slots", () => {
  test("18 half-hour slots from 09:00 to 17:30", () => {
    expect(VIEWING_SLOTS).toHaveLength(18);
    expect(VIEWING_SLOTS[0]).toBe("09:00");
    expect(VIEWING_SLOTS.at(-1)).toBe("17:30");
    expect(VIEWING_SLOTS).not.toContain("18:00");
  });

  test.each([
    ["14:30", "14:30"],
    ["9:30", "09:30"],
    ["02:30 PM", "14:30"],
    ["2:30pm", "14:30"],
    ["12:00 PM", "12:00"],
    ["12:30 AM", "00:30"],
    ["06:00", "06:00"],
    ["10.30", "10:30"],
  ] as const)("%s is %s", (text, expected) => {
    expect(normaliseTime(text)).toBe(expected);
  });

  test.each(["", "25:00", "10:60", "13:00 PM", "noon", "1030"])("%j is not a time", (text) => {
    expect(normaliseTime(text)).toBeNull();
  });

  test("shown as 12-hour times; the forms offer each slot as one choice", () => {
    expect(formatSlot("09:00")).toBe("9:00 AM");
    expect(formatSlot("12:30")).toBe("12:30 PM");
    expect(formatSlot("17:30")).toBe("5:30 PM");
    expect(VIEWING_SLOT_OPTIONS.map((o) => o.value)).toEqual(VIEWING_SLOTS);
    expect(VIEWING_SLOT_OPTIONS.slice(0, 3)).toEqual([
      { value: "09:00", label: "9:00 AM" },
      { value: "09:30", label: "9:30 AM" },
      { value: "10:00", label: "10:00 AM" },
    ]);
    expect(VIEWING_SLOT_OPTIONS.at(-1)).toEqual({ value: "17:30", label: "5:30 PM" });
  });
});

describe("viewing dates in UK time", () => {
  test("today follows London, not UTC: 23:30 UTC in summer is already tomorrow", () => {
    expect(londonToday(new Date("2026-07-01T23:30:00Z"))).toBe("2026-07-02");
    expect(londonToday(new Date("2026-12-01T23:30:00Z"))).toBe("2026-12-01");
    expect(viewingDateRange(new Date("2026-07-01T23:30:00Z")).earliest).toBe("2026-07-03");
  });

  test("date arithmetic and validation", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(isIsoDate("2026-02-30")).toBe(false);
    expect(isIsoDate("2026-2-3")).toBe(false);
    expect(isIsoDate("2026-03-14")).toBe(true);
    expect(formatViewingDate("2026-11-24")).toBe("Tuesday 24 November 2026");
  });
});
