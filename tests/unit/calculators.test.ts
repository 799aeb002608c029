import { describe, expect, test } from "vitest";

import { repaymentMortgage } from "../../app/modules/calculators/mortgage";
import { stampDuty } from "../../app/modules/calculators/stamp-duty";

describe("stamp duty, standard rates from 1 April 2025", () => {
  test.each([
    [0, 0],
    [125_000, 0],
    [125_001, 0], // 2% of £1 is 2p, rounded down
    [125_050, 1],
    [250_000, 2_500],
    [250_001, 2_500],
    [250_020, 2_501],
    [295_000, 4_750],
    [500_000, 15_000],
    [925_000, 36_250],
    [925_001, 36_250],
    [1_500_000, 93_750],
    [1_500_001, 93_750],
    [2_000_000, 153_750],
  ])("£%i costs £%i", (price, tax) => {
    expect(stampDuty(price, "standard").total).toBe(tax);
  });

  test("shows the working band by band", () => {
    const { bands } = stampDuty(295_000, "standard");
    expect(bands).toEqual([
      { from: 0, to: 125_000, rate: 0, taxable: 125_000, tax: 0 },
      { from: 125_000, to: 250_000, rate: 0.02, taxable: 125_000, tax: 2_500 },
      { from: 250_000, to: 925_000, rate: 0.05, taxable: 45_000, tax: 2_250 },
    ]);
  });
});

describe("first-time buyers", () => {
  test.each([
    [300_000, 0],
    [300_001, 0],
    [300_020, 1],
    [425_000, 6_250],
    [500_000, 10_000],
  ])("£%i costs £%i with relief", (price, tax) => {
    expect(stampDuty(price, "first-time").total).toBe(tax);
  });

  test("above £500,000 there is no relief at all", () => {
    const above = stampDuty(500_001, "first-time");
    expect(above.total).toBe(stampDuty(500_001, "standard").total);
    expect(above.total).toBe(15_000);
    expect(above.note).toMatch(/£500,000 or less/);
  });
});

describe("additional homes", () => {
  test.each([
    [39_999, 0],
    [40_000, 2_000],
    [125_000, 6_250],
    [250_000, 15_000],
    [295_000, 19_500],
    [500_000, 40_000],
    [1_500_001, 168_750],
  ])("£%i costs £%i with the 5%% surcharge", (price, tax) => {
    expect(stampDuty(price, "additional").total).toBe(tax);
  });

  test("rejects a negative price", () => {
    expect(() => stampDuty(-1, "standard")).toThrow(RangeError);
  });
});

describe("repayment mortgage", () => {
  test("£200,000 over 25 years at 5% is £1,169.18 a month", () => {
    const m = repaymentMortgage({ price: 250_000, deposit: 50_000, annualRatePercent: 5, termYears: 25 });
    expect(m.loan).toBe(200_000);
    expect(m.loanToValue).toBe(0.8);
    expect(m.monthlyPayment).toBe(1169.18);
    expect(m.totalRepaid).toBeCloseTo(350_754.0, 0);
    expect(m.totalInterest).toBeCloseTo(150_754.0, 0);
  });

  test("at 0% the loan is split evenly", () => {
    expect(repaymentMortgage({ price: 120_000, deposit: 0, annualRatePercent: 0, termYears: 10 }).monthlyPayment).toBe(
      1000,
    );
  });

  test("refuses impossible inputs", () => {
    expect(() => repaymentMortgage({ price: 100_000, deposit: 100_000, annualRatePercent: 5, termYears: 25 })).toThrow(
      /deposit/,
    );
    expect(() => repaymentMortgage({ price: 100_000, deposit: 0, annualRatePercent: 5, termYears: 0 })).toThrow(/term/);
    expect(() => repaymentMortgage({ price: 100_000, deposit: 0, annualRatePercent: 30, termYears: 25 })).toThrow(
      /interest/,
    );
  });
});
