import { expect, test } from "vitest";

import { canMove, isOpen, PAYMENT_STATUS_STYLES } from "../../app/modules/payments/status";

test("a payment moves forward only: late or repeated reports never undo an outcome", () => {
  expect(canMove("pending", "completed")).toBe(true);
  expect(canMove("processing", "failed")).toBe(true);
  // Stripe lets a customer retry a declined intent.
  expect(canMove("failed", "completed")).toBe(true);
  expect(canMove("completed", "refunded")).toBe(true);

  expect(canMove("completed", "failed")).toBe(false);
  expect(canMove("completed", "pending")).toBe(false);
  expect(canMove("refunded", "completed")).toBe(false);
  expect(canMove("cancelled", "completed")).toBe(false);
  expect(canMove("pending", "refunded")).toBe(false);
});

test("pending and processing are in progress; every status has a label and colours", () => {
  expect(Object.keys(PAYMENT_STATUS_STYLES).filter((s) => isOpen(s as never))).toEqual(["pending", "processing"]);
  expect(Object.keys(PAYMENT_STATUS_STYLES).sort()).toEqual([
    "cancelled",
    "completed",
    "failed",
    "pending",
    "processing",
    "refunded",
  ]);
  expect(PAYMENT_STATUS_STYLES.completed).toEqual({
    label: "Completed",
    className: expect.stringContaining("emerald"),
  });
  expect(PAYMENT_STATUS_STYLES.failed.className).toContain("red");
});
