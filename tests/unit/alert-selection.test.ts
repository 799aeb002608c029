import { describe, expect, test } from "vitest";

import { type AlertCandidate, MAX_HOMES_PER_ALERT, selectAlertHomes } from "../../app/modules/alerts/selection";

const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 9, minute));
const candidate = (projectId: number, fields: Partial<AlertCandidate> = {}): AlertCandidate => ({
  projectId,
  price: 250_000,
  changedAt: at(projectId % 60),
  sentPrice: null,
  ...fields,
});

describe("which homes an alert carries", () => {
  test("never more than 14, the newest first; the rest are counted", () => {
    const candidates = Array.from({ length: 20 }, (_, i) => candidate(i + 1));
    const { homes, more } = selectAlertHomes(candidates);
    expect(MAX_HOMES_PER_ALERT).toBe(14);
    expect(homes.map((h) => h.projectId)).toEqual([20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7]);
    expect(more).toBe(6);
  });

  test("a home already sent for the search goes again only if its price fell below the price sent", () => {
    const { homes, more } = selectAlertHomes([
      candidate(1, { sentPrice: 250_000 }), // same price: not again
      candidate(2, { sentPrice: 240_000 }), // dearer than when sent (a rise): not again
      candidate(3, { sentPrice: 260_000 }), // fell again: goes
      candidate(4), // never sent: goes
    ]);
    expect(homes.map((h) => h.projectId)).toEqual([4, 3]);
    expect(more).toBe(0);
  });

  test("homes already sent do not count towards the 14", () => {
    const sent = Array.from({ length: 10 }, (_, i) => candidate(100 + i, { changedAt: at(59), sentPrice: 250_000 }));
    const news = Array.from({ length: 14 }, (_, i) => candidate(i + 1));
    const { homes, more } = selectAlertHomes([...sent, ...news]);
    expect(homes).toHaveLength(14);
    expect(homes.every((h) => h.sentPrice === null)).toBe(true);
    expect(more).toBe(0);
  });

  test("nothing new, no homes", () => {
    expect(selectAlertHomes([candidate(1, { sentPrice: 250_000 })])).toEqual({ homes: [], more: 0 });
    expect(selectAlertHomes([])).toEqual({ homes: [], more: 0 });
  });

  test("ties in time go by id, so the same candidates always give the same email", () => {
    const same = at(5);
    const { homes } = selectAlertHomes([
      candidate(2, { changedAt: same }),
      candidate(9, { changedAt: same }),
      candidate(4, { changedAt: same }),
    ]);
    expect(homes.map((h) => h.projectId)).toEqual([9, 4, 2]);
  });
});
