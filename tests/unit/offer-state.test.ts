import { describe, expect, it } from "vitest";

import type { OfferStatus } from "../../app/generated/prisma/enums";
import { type BuyerMove, decideOffer, movesOpen, type SellerMove } from "../../app/modules/offers/state";

const offer = (status: OfferStatus, amount = 300_000, counterAmount: number | null = null) => ({
  status,
  amount,
  counterAmount,
});

const ALL_STATUSES: OfferStatus[] = ["pending", "countered", "accepted", "rejected", "withdrawn", "fallen_through"];
const SELLER_MOVES: SellerMove[] = [{ action: "accept" }, { action: "reject" }, { action: "counter", amount: 320_000 }];
const BUYER_MOVES: BuyerMove[] = [{ action: "accept" }, { action: "raise", amount: 330_000 }, { action: "withdraw" }];

describe("the seller's moves", () => {
  it("accepts a pending offer at its amount and opens the sale", () => {
    expect(decideOffer(offer("pending"), "seller", { action: "accept" })).toEqual({
      ok: true,
      outcome: {
        status: "accepted",
        amount: 300_000,
        counterAmount: null,
        event: { action: "accepted", amount: 300_000 },
        opensSale: true,
        endsSale: false,
      },
    });
  });

  it("rejects a pending offer", () => {
    const decision = decideOffer(offer("pending"), "seller", { action: "reject" });
    expect(decision).toMatchObject({ ok: true, outcome: { status: "rejected", opensSale: false } });
  });

  it("counters a pending offer with a higher amount, and only a higher one", () => {
    expect(decideOffer(offer("pending"), "seller", { action: "counter", amount: 310_000 })).toMatchObject({
      ok: true,
      outcome: {
        status: "countered",
        amount: 300_000,
        counterAmount: 310_000,
        event: { action: "countered", amount: 310_000 },
      },
    });
    expect(decideOffer(offer("pending"), "seller", { action: "counter", amount: 300_000 })).toEqual({
      ok: false,
      message: "A counter-offer must be more than the offer of £300,000; to take it, accept it.",
    });
  });

  it.each(ALL_STATUSES.filter((s) => s !== "pending"))("cannot move a %s offer", (status) => {
    for (const move of SELLER_MOVES) {
      const decision = decideOffer(offer(status, 300_000, 320_000), "seller", move);
      expect(decision.ok, `${status} ${move.action}`).toBe(false);
    }
  });

  it("is told why", () => {
    expect(decideOffer(offer("countered", 300_000, 320_000), "seller", { action: "accept" })).toEqual({
      ok: false,
      message: "You have made a counter-offer: the buyer has not answered it yet.",
    });
    expect(decideOffer(offer("withdrawn"), "seller", { action: "accept" })).toEqual({
      ok: false,
      message: "This offer was withdrawn, so it can no longer change.",
    });
  });
});

describe("the buyer's moves", () => {
  it("accepts a counter-offer: the counter becomes the amount", () => {
    expect(decideOffer(offer("countered", 300_000, 310_000), "buyer", { action: "accept" })).toMatchObject({
      ok: true,
      outcome: { status: "accepted", amount: 310_000, counterAmount: null, opensSale: true },
    });
  });

  it("cannot accept an offer the seller has not countered", () => {
    expect(decideOffer(offer("pending"), "buyer", { action: "accept" })).toEqual({
      ok: false,
      message: "There is no counter-offer to accept: the seller has not countered this offer.",
    });
  });

  it("raises a pending or countered offer back to pending, only upwards", () => {
    for (const status of ["pending", "countered"] as const) {
      expect(decideOffer(offer(status, 300_000, 320_000), "buyer", { action: "raise", amount: 315_000 })).toMatchObject(
        {
          ok: true,
          outcome: {
            status: "pending",
            amount: 315_000,
            counterAmount: null,
            event: { action: "raised", amount: 315_000 },
          },
        },
      );
    }
    expect(decideOffer(offer("pending"), "buyer", { action: "raise", amount: 299_000 }).ok).toBe(false);
    expect(decideOffer(offer("accepted"), "buyer", { action: "raise", amount: 400_000 }).ok).toBe(false);
  });

  it("withdraws a pending or countered offer; withdrawing an accepted one ends the sale", () => {
    expect(decideOffer(offer("pending"), "buyer", { action: "withdraw" })).toMatchObject({
      ok: true,
      outcome: { status: "withdrawn", endsSale: false },
    });
    expect(decideOffer(offer("countered", 300_000, 310_000), "buyer", { action: "withdraw" })).toMatchObject({
      ok: true,
      outcome: { status: "withdrawn", endsSale: false },
    });
    expect(decideOffer(offer("accepted"), "buyer", { action: "withdraw" })).toMatchObject({
      ok: true,
      outcome: { status: "fallen_through", endsSale: true, event: { action: "withdrawn" } },
    });
  });

  it.each(["rejected", "withdrawn", "fallen_through"] as const)("cannot move a %s offer", (status) => {
    for (const move of BUYER_MOVES) expect(decideOffer(offer(status), "buyer", move).ok).toBe(false);
  });
});

describe("movesOpen", () => {
  it("offers exactly the moves the machine allows", () => {
    for (const status of ALL_STATUSES) {
      const open = movesOpen({ status });
      for (const move of SELLER_MOVES)
        expect(decideOffer(offer(status, 300_000, 320_000), "seller", move).ok, `seller ${status} ${move.action}`).toBe(
          (open.seller as readonly string[]).includes(move.action),
        );
      for (const move of BUYER_MOVES)
        expect(decideOffer(offer(status, 300_000, 320_000), "buyer", move).ok, `buyer ${status} ${move.action}`).toBe(
          (open.buyer as readonly string[]).includes(move.action),
        );
    }
  });
});
