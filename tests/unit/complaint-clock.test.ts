import { expect, test } from "vitest";

import { clockText, complaintClock, redressDeadline } from "../../app/modules/complaints/clock";

const received = new Date("2026-12-07T10:00:00Z");

test("the redress deadline is eight calendar weeks (56 days) after the complaint, bank holidays included", () => {
  // Christmas, Boxing Day and New Year's Day fall inside these eight weeks and change nothing.
  expect(redressDeadline(received).toISOString()).toBe("2027-02-01T10:00:00.000Z");
});

test("a complaint without a final response counts the days left, then the days over", () => {
  expect(complaintClock({ receivedAt: received, finalResponseAt: null }, received)).toMatchObject({
    state: "running",
    daysLeft: 56,
  });
  const lastDay = new Date("2027-02-01T09:00:00Z");
  expect(clockText(complaintClock({ receivedAt: received, finalResponseAt: null }, lastDay))).toBe("1 day left");
  const deadline = new Date("2027-02-01T10:00:00Z");
  expect(clockText(complaintClock({ receivedAt: received, finalResponseAt: null }, deadline))).toBe(
    "Eight weeks reached today",
  );
  const later = new Date("2027-02-04T11:00:00Z");
  expect(complaintClock({ receivedAt: received, finalResponseAt: null }, later)).toMatchObject({
    state: "overdue",
    daysOver: 3,
  });
});

test("a final response stops the clock", () => {
  const clock = complaintClock({ receivedAt: received, finalResponseAt: new Date("2026-12-20T00:00:00Z") });
  expect(clock.state).toBe("answered");
  expect(clockText(clock)).toBe("Final response sent");
});
