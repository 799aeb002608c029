import { describe, expect, test } from "vitest";

import { isStorableText, storableDeep, storableText } from "../../app/lib/storable-text";
import { CreateApiTokenSchema } from "../../app/modules/api-tokens/schemas";

describe("storable text", () => {
  test("drops NUL and replaces lone surrogates, keeping real emoji and accents", () => {
    expect(storableText("Bo\u0000b")).toBe("Bob");
    expect(storableText("x\ud800y")).toBe("x\ufffdy");
    expect(storableText("Zoë 🏠")).toBe("Zoë 🏠");
    expect(isStorableText("a\u0000")).toBe(false);
    expect(isStorableText("\udfff")).toBe(false);
    expect(isStorableText("🏠")).toBe(true);
  });

  test("cleans strings deep inside query arguments but leaves dates and numbers alone", () => {
    const when = new Date();
    expect(storableDeep({ where: { OR: [{ id: 1 }, { email: "a\u0000@b" }], at: when } })).toEqual({
      where: { OR: [{ id: 1 }, { email: "a@b" }], at: when },
    });
  });

  test("a name of only NUL is empty, not stored (found by the fuzzer)", () => {
    expect(CreateApiTokenSchema.safeParse({ name: "\u0000" }).success).toBe(false);
    expect(CreateApiTokenSchema.parse({ name: "CRM\u0000 sync" })).toEqual({ name: "CRM sync" });
  });
});
