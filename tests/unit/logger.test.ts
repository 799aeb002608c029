import { describe, expect, test } from "vitest";

import { chooseLogFormat } from "../../app/lib/logger.server";

describe("the log's format", () => {
  test("JSON lines unless stdout is a terminal", () => {
    expect(chooseLogFormat(undefined, false)).toBe("json");
    expect(chooseLogFormat(undefined, true)).toBe("pretty");
    expect(chooseLogFormat("", true)).toBe("pretty");
  });

  test("LOG_FORMAT decides either way", () => {
    expect(chooseLogFormat("json", true)).toBe("json");
    expect(chooseLogFormat("pretty", false)).toBe("pretty");
  });

  test("a value the settings check refuses does not change the choice here (start-up stops on it)", () => {
    expect(chooseLogFormat("yaml", false)).toBe("json");
    expect(chooseLogFormat("yaml", true)).toBe("pretty");
  });
});
