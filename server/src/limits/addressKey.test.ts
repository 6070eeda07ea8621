import { describe, expect, it } from "vitest";
import { addressKey } from "./addressKey.ts";

describe("addressKey", () => {
  it("keys IPv4 as it is, IPv4-mapped IPv6 as IPv4, and IPv6 by its /64", () => {
    expect(addressKey("127.0.0.1")).toBe("ip:127.0.0.1");
    expect(addressKey("::ffff:10.0.0.7")).toBe("ip:10.0.0.7");
    expect(addressKey("2001:db8:0:12:1:2:3:4")).toBe("ip6:2001:db8:0:12::/64");
    expect(addressKey("2001:db8::1")).toBe("ip6:2001:db8:0:0::/64");
    expect(addressKey("2001:DB8:0:12::9")).toBe(addressKey("2001:db8:0:12:ffff::1"));
    expect(addressKey("::1")).toBe("ip6:0:0:0:0::/64");
    expect(addressKey(undefined)).toBe("ip:unknown");
  });
});
