import { describe, expect, it } from "vitest";
import { clientNetwork, hashIp, networkKey } from "./client-address.ts";

describe("clientNetwork", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
    ["2001:db8:1:3::1", "2001:db8:1:3::/64"],
    ["2001:0DB8:0001:0002::9", "2001:db8:1:2::/64"],
  ])("counts %s as %s", (ip, network) => {
    expect(clientNetwork(ip)).toBe(network);
  });
});

describe("hashIp", () => {
  it("depends on the salt and never contains the address", () => {
    expect(hashIp("203.0.113.7", "salt-one-0123456")).not.toBe(hashIp("203.0.113.7", "salt-two-0123456"));
    expect(hashIp("203.0.113.7", "salt-one-0123456")).not.toContain("203.0.113.7");
  });
});

describe("networkKey", () => {
  it("is the same for every address of one IPv6 /64 and never contains the address", () => {
    const key = networkKey("2001:db8:1:2::1", "salt-one-0123456");
    expect(networkKey("2001:db8:1:2:ffff::9", "salt-one-0123456")).toBe(key);
    expect(networkKey("2001:db8:1:3::1", "salt-one-0123456")).not.toBe(key);
    expect(networkKey("203.0.113.7", "salt-one-0123456")).not.toContain("203.0.113.7");
  });
});
