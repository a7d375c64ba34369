// Lists of IPv4/IPv6 addresses and CIDR ranges, as BANNED_IPS and TRUST_PROXY
// give them. Parsing is ipaddr.js's, which also treats an IPv4-mapped IPv6
// address (::ffff:1.2.3.4) as the IPv4 address it is. A lookup does not scan
// the list: the ranges are merged into sorted, disjoint intervals of
// addresses once, and an address is found among them by binary search, so
// 50,000 entries cost a request about what none do.
import ipaddr from "ipaddr.js";
import { countAtOrBefore } from "../lib/sorted.ts";

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** Sorted, disjoint [first, last] address intervals of one family. */
interface Intervals<N extends number | bigint> {
  firsts: N[];
  lasts: N[];
}

export class AddressList {
  private readonly v4: Intervals<number>;
  private readonly v6: Intervals<bigint>;

  private constructor(private readonly ranges: readonly Range[]) {
    const v4: [number, number][] = [];
    const v6: [bigint, bigint][] = [];
    for (const [range, bits] of ranges) {
      const r = normalise(range);
      if (r.kind() === "ipv4") {
        const prefix = bits - (range.kind() === "ipv6" ? 96 : 0);
        const first = toNumber(r as ipaddr.IPv4) & (prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0);
        v4.push([first >>> 0, (first >>> 0) + 2 ** (32 - prefix) - 1]);
      } else {
        const span = 1n << BigInt(128 - bits);
        const first = (toBigInt(r as ipaddr.IPv6) / span) * span;
        v6.push([first, first + span - 1n]);
      }
    }
    this.v4 = merged(v4, (n) => n + 1);
    this.v6 = merged(v6, (n) => n + 1n);
  }

  static readonly EMPTY = new AddressList([]);

  /** Entries separated by commas, spaces or lines; `#` starts a comment. Throws on a bad entry, naming it. */
  static parse(text: string, source = "list"): AddressList {
    const ranges: Range[] = [];
    text.split("\n").forEach((raw, index) => {
      for (const entry of raw.replace(/#.*/, "").split(/[\s,]+/).filter(Boolean)) {
        const [address, bits] = entry.split("/", 2) as [string, string?];
        // ipaddr.js also reads the old shorthands ("1.2.3" is 1.2.0.3): a list of bans takes whole addresses only.
        if (!isFullAddress(address) || (bits !== undefined && !/^\d{1,3}$/.test(bits))) throw new Error(`${source}:${index + 1}: "${entry}" is not a full IP address or CIDR range`);
        try {
          ranges.push(bits === undefined ? single(ipaddr.parse(address)) : ipaddr.parseCIDR(entry));
        } catch {
          throw new Error(`${source}:${index + 1}: "${entry}" is not a full IP address or CIDR range`);
        }
      }
    });
    return new AddressList(ranges);
  }

  get size(): number {
    return this.ranges.length;
  }

  has(address: string | undefined): boolean {
    if (!address || this.ranges.length === 0) return false;
    // Most clients are a dotted quad: read it without building an address object.
    const quad = DOTTED_QUAD.exec(address);
    if (quad) {
      const octets = [quad[1], quad[2], quad[3], quad[4]].map(Number);
      if (octets.every((o) => o <= 255)) return within(this.v4, octets.reduce((n, o) => n * 256 + o, 0));
    }
    if (!ipaddr.isValid(address)) return false;
    const ip = normalise(ipaddr.parse(address));
    return ip.kind() === "ipv4" ? within(this.v4, toNumber(ip as ipaddr.IPv4)) : within(this.v6, toBigInt(ip as ipaddr.IPv6));
  }

  concat(other: AddressList): AddressList {
    return new AddressList([...this.ranges, ...other.ranges]);
  }
}

/** Four-part dotted IPv4 or any IPv6 form. */
export function isFullAddress(text: string): boolean {
  return ipaddr.IPv4.isValidFourPartDecimal(text) || ipaddr.IPv6.isValid(text);
}

/**
 * The address in one X-Forwarded-For hop as proxies write it: bare, with a
 * port (9.9.9.9:4711), in brackets ([2001:db8::5]), or both ([2001:db8::5]:443).
 * Undefined when the hop is not an address at all.
 */
export function hopAddress(hop: string): string | undefined {
  const text = hop.trim();
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(text);
  const candidate = bracketed ? bracketed[1]! : /^[\d.]+:\d{1,5}$/.test(text) ? text.slice(0, text.lastIndexOf(":")) : text;
  return isFullAddress(candidate) ? candidate : undefined;
}

function single(ip: ipaddr.IPv4 | ipaddr.IPv6): Range {
  return [ip, ip.kind() === "ipv4" ? 32 : 128];
}

function normalise(ip: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | ipaddr.IPv6 {
  return ip.kind() === "ipv6" && (ip as ipaddr.IPv6).isIPv4MappedAddress() ? (ip as ipaddr.IPv6).toIPv4Address() : ip;
}

const DOTTED_QUAD = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const toNumber = (ip: ipaddr.IPv4) => ip.octets.reduce((n, octet) => n * 256 + octet, 0);
const toBigInt = (ip: ipaddr.IPv6) => ip.parts.reduce((n, part) => (n << 16n) | BigInt(part), 0n);

/** Sorted by first address, overlapping or touching intervals joined. */
function merged<N extends number | bigint>(intervals: [N, N][], after: (n: N) => N): Intervals<N> {
  intervals.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const firsts: N[] = [];
  const lasts: N[] = [];
  for (const [first, last] of intervals) {
    const i = lasts.length - 1;
    if (i >= 0 && first <= after(lasts[i]!)) {
      if (last > lasts[i]!) lasts[i] = last;
    } else {
      firsts.push(first);
      lasts.push(last);
    }
  }
  return { firsts, lasts };
}

/** Whether `address` falls in one of the intervals: the last that starts at or before it. */
function within<N extends number | bigint>({ firsts, lasts }: Intervals<N>, address: N): boolean {
  const n = countAtOrBefore(firsts, address);
  return n > 0 && address <= lasts[n - 1]!;
}
