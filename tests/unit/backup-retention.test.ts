import { describe, expect, test } from "vitest";

import { backupsToDelete } from "../../app/modules/backups/retention";

/** One backup a day at 02:00 UTC for `days` days up to `last`, newest first. */
function daily(last: string, days: number) {
  const end = new Date(`${last}T02:00:00Z`).getTime();
  return Array.from({ length: days }, (_, i) => {
    const createdAt = new Date(end - i * 86_400_000);
    return { name: createdAt.toISOString().slice(0, 10), createdAt };
  });
}

const rule = { daily: 7, weekly: 4, monthly: 12 };

describe("which backups are kept", () => {
  test("a year of daily backups keeps 7 daily, 4 weekly and 12 monthly ones (overlaps counted once)", () => {
    const backups = daily("2026-12-07", 400);
    const now = new Date("2026-12-07T03:00:00Z");
    const doomed = new Set(backupsToDelete(backups, rule, now));
    const kept = backups.map((b) => b.name).filter((name) => !doomed.has(name));
    expect(kept).toEqual(
      [
        // the last 7 days (2026-12-07 is a Monday: the week before ends on Sunday the 6th)
        "2026-12-07",
        "2026-12-06",
        "2026-12-05",
        "2026-12-04",
        "2026-12-03",
        "2026-12-02",
        "2026-12-01",
        // newest of the two weeks before (the 7th and the 6th already stand for theirs)
        "2026-11-29",
        "2026-11-22",
        // newest of each month
        "2026-11-30",
        "2026-10-31",
        "2026-09-30",
        "2026-08-31",
        "2026-07-31",
        "2026-06-30",
        "2026-05-31",
        "2026-04-30",
        "2026-03-31",
        "2026-02-28",
        "2026-01-31",
      ]
        .sort()
        .reverse(),
    );
  });

  test("several backups a day keep the newest of the day; the newest is kept even when the rule keeps none", () => {
    const at = (iso: string) => ({ name: iso, createdAt: new Date(iso) });
    const backups = [at("2026-12-07T10:00:00Z"), at("2026-12-07T09:00:00Z"), at("2026-12-06T09:00:00Z")];
    const now = new Date("2026-12-07T11:00:00Z");
    expect(backupsToDelete(backups, { daily: 1, weekly: 0, monthly: 0 }, now)).toEqual([
      "2026-12-07T09:00:00Z",
      "2026-12-06T09:00:00Z",
    ]);
    expect(backupsToDelete(backups, { daily: 0, weekly: 0, monthly: 0 }, now)).toEqual([
      "2026-12-07T09:00:00Z",
      "2026-12-06T09:00:00Z",
    ]);
  });
});
