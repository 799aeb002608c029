import { describe, expect, test } from "vitest";

import { networkOf } from "../../app/lib/network";

describe("networkOf", () => {
  test("an IPv4 address is itself, also when written as IPv6", () => {
    expect(networkOf("203.0.113.7")).toBe("203.0.113.7");
    expect(networkOf("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  test("IPv6 addresses count as their /64, however they are written", () => {
    const network = networkOf("2001:db8:1:2::1");
    expect(network).toBe("2001:db8:1:2::/64");
    expect(networkOf("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe(network);
    expect(networkOf("2001:DB8:1:2:abcd::9")).toBe(network);
    expect(networkOf("2001:db8:1:3::1")).not.toBe(network);
    expect(networkOf("::1")).toBe("::/64");
    expect(networkOf("fe80::1%eth0")).toBe("fe80::/64");
  });

  test("anything else is kept as given", () => {
    expect(networkOf("unknown")).toBe("unknown");
    expect(networkOf("")).toBe("");
  });
});
