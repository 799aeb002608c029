import { expect, test } from "vitest";

import { matchCount } from "../../app/modules/search/filters";

test("a search's count reads as the page and the API say it, with a + when it stopped at its cap", () => {
  const nouns = ["result", "results"] as const;
  expect(matchCount(0, false, nouns)).toBe("0 results");
  expect(matchCount(1, false, nouns)).toBe("1 result");
  expect(matchCount(23, false, nouns)).toBe("23 results");
  expect(matchCount(1000, false, nouns)).toBe("1,000 results");
  expect(matchCount(1000, true, ["property", "properties"])).toBe("1,000+ properties");
});
