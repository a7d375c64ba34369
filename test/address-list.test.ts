// The ban and proxy lists answer as a plain scan of every range would, by
// ipaddr.js's own matching, for IPv4, IPv6 and IPv4-mapped addresses alike:
// only faster (interval search instead of a scan).
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import ipaddr from "ipaddr.js";
import { AddressList } from "../src/http/address-list.ts";

/** The reference: every range tried in turn with ipaddr.js's match, mapped addresses taken as IPv4. */
function scan(entries: string[], address: string): boolean {
  const norm = (ip: ipaddr.IPv4 | ipaddr.IPv6) => (ip.kind() === "ipv6" && (ip as ipaddr.IPv6).isIPv4MappedAddress() ? (ip as ipaddr.IPv6).toIPv4Address() : ip);
  const ip = norm(ipaddr.parse(address));
  return entries.some((entry) => {
    const [range, bits] = entry.includes("/") ? ipaddr.parseCIDR(entry) : [ipaddr.parse(entry), ipaddr.parse(entry).kind() === "ipv4" ? 32 : 128];
    const r = norm(range);
    return r.kind() === ip.kind() && ip.match(r, bits - (range.kind() === "ipv6" && r.kind() === "ipv4" ? 96 : 0));
  });
}

const v4 = fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }), fc.nat(255), fc.nat(255)).map(([a, b, c, d]) => `10.${a}.${b * 60 + c % 60}.${d}`);
const v6 = fc.tuple(fc.nat(3), fc.nat(0xffff), fc.nat(0xffff)).map(([a, b, c]) => `2001:db8:${a}::${b.toString(16)}:${c.toString(16)}`);
const mapped = v4.map((a) => `::ffff:${a}`);
const address = fc.oneof(v4, v6, mapped);
const entry = fc.oneof(
  address,
  fc.tuple(v4, fc.integer({ min: 0, max: 32 })).map(([a, bits]) => `${a}/${bits}`),
  fc.tuple(v6, fc.integer({ min: 32, max: 128 })).map(([a, bits]) => `${a}/${bits}`),
  fc.tuple(mapped, fc.integer({ min: 104, max: 128 })).map(([a, bits]) => `${a}/${bits}`),
);

describe("AddressList.has", () => {
  test("agrees with a scan of every range, on random lists and addresses", () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 40 }), fc.array(address, { minLength: 1, maxLength: 20 }), (entries, addresses) => {
        const list = AddressList.parse(entries.join("\n"));
        // Two lists joined (BANNED_IPS and the ban file) answer as one.
        const half = entries.length >> 1;
        const joined = AddressList.parse(entries.slice(0, half).join(" ")).concat(AddressList.parse(entries.slice(half).join(",")));
        expect([list.size, joined.size]).toEqual([entries.length, entries.length]);
        for (const a of addresses) expect([a, list.has(a), joined.has(a)]).toEqual([a, scan(entries, a), scan(entries, a)]);
      }),
      { numRuns: 500 },
    );
  });

  test("edges: a /0, a whole /8, the last address of a range and the one after, overlapping and touching ranges", () => {
    const list = AddressList.parse("10.0.0.0/8, 192.168.1.0/25, 192.168.1.128/25, 2001:db8::/127, ::ffff:172.16.0.0/108");
    expect(["10.255.255.255", "11.0.0.0", "192.168.1.255", "192.168.2.0", "2001:db8::1", "2001:db8::2", "172.31.255.255", "::ffff:172.16.0.1", "172.32.0.0"].map((a) => list.has(a))).toEqual([true, false, true, false, true, false, true, true, false]);
    expect(AddressList.parse("0.0.0.0/0").has("203.0.113.9")).toBe(true);
    expect(AddressList.parse("::/0").has("2001:db8::9")).toBe(true);
    expect(AddressList.parse("10.0.0.0/8").has("not an address")).toBe(false);
  });
});
