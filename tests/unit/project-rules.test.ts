import { describe, expect, test } from "vitest";

import { buildContract, contractText } from "../../app/modules/projects/contract";
import { deleteBlocker, isPaid, projectProgress } from "../../app/modules/projects/rules";
import { sniffImageType } from "../../app/modules/projects/signature-image";

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0];
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0, 0];

describe("what a vendor may still do", () => {
  test("a project is paid once any payment completed", () => {
    expect(isPaid(["failed", "completed"])).toBe(true);
    expect(isPaid(["failed", "pending", "cancelled"])).toBe(false);
  });

  test("deleting: only a pending project with no payment taken, on its way or refunded", () => {
    expect(deleteBlocker({ status: "pending", paymentStatuses: [] })).toBeNull();
    expect(deleteBlocker({ status: "pending", paymentStatuses: ["failed", "cancelled"] })).toBeNull();
    // An intent the payment page opened, with no card tried, does not hold the project.
    expect(deleteBlocker({ status: "pending", paymentStatuses: ["pending"] })).toBeNull();
    expect(deleteBlocker({ status: "pending", paymentStatuses: ["completed"] })).toBe(
      "This property has been paid for, so it can't be deleted online.",
    );
    for (const status of ["processing", "refunded"] as const) {
      expect(deleteBlocker({ status: "pending", paymentStatuses: [status] })).toMatch(/being processed/);
    }
    expect(deleteBlocker({ status: "completed", paymentStatuses: [] })).toMatch(/on the market/);
    expect(deleteBlocker({ status: "sold", paymentStatuses: [] })).toMatch(/on the market/);
  });

  test("progress runs created → signed → paid → listed → sold", () => {
    const createdAt = new Date("2026-11-01");
    const signedAt = new Date("2026-11-02");
    const steps = projectProgress({
      createdAt,
      contractSignedAt: signedAt,
      paidAt: null,
      listedAt: null,
      soldAt: null,
      status: "pending",
    });
    expect(steps.map((s) => [s.label, s.done, s.at])).toEqual([
      ["Project created", true, createdAt],
      ["Contract signed", true, signedAt],
      ["Package paid", false, null],
      ["Listed for sale", false, null],
      ["Sold", false, null],
    ]);
    expect(
      projectProgress({
        createdAt,
        contractSignedAt: null,
        paidAt: null,
        listedAt: createdAt,
        soldAt: createdAt,
        status: "sold",
      }).every((s) => s.key === "signed" || s.key === "paid" || s.done),
    ).toBe(true);
  });
});

describe("signature images", () => {
  test("are recognised by their bytes, not their name", () => {
    expect(sniffImageType(new Uint8Array(PNG))).toBe("image/png");
    expect(sniffImageType(new Uint8Array(JPEG))).toBe("image/jpeg");
    expect(sniffImageType(new TextEncoder().encode("GIF89a........"))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode("<svg></svg>"))).toBeNull();
  });
});

describe("contract text", () => {
  const facts = {
    project: {
      id: 7,
      address: "1 High Street, Leicester",
      postcode: "LE1 1AA",
      propertyType: "Studio",
      bedrooms: 0,
      tenure: "Leasehold",
      price: 95000,
      bookingDate: null,
      vendorName: "Ann",
      vendorEmail: "ann@example.com",
    },
    agency: {
      name: "MoveWise Ltd",
      email: "office@example.com",
      phone: "0330 000 0000",
      website: "https://example.com",
      redressScheme: "The Property Ombudsman",
      referrals: [{ service: "Mortgage advice", partner: "Broker Ltd", payment: "£250 for each mortgage" }],
    },
  };

  test("changes whenever a term or a fact changes", () => {
    const text = contractText(buildContract(facts));
    expect(text).toContain("Visit by our photographer and valuer: date to be arranged with you");
    expect(text).toContain("Type: Studio, no separate bedroom");
    expect(contractText(buildContract({ ...facts, project: { ...facts.project, price: 95001 } }))).not.toBe(text);
    expect(contractText(buildContract(facts))).toBe(text);
  });

  test("names the redress scheme and discloses each referral arrangement in the terms", () => {
    const text = contractText(buildContract(facts));
    expect(text).toContain("independent redress scheme, The Property Ombudsman.");
    expect(text).toContain(
      "Mortgage advice is provided by Broker Ltd. If you use them, we receive £250 for each mortgage.",
    );
  });
});
