// Lists of IPv4/IPv6 addresses and CIDR ranges, as BANNED_IPS and TRUST_PROXY
// give them. Parsing is ipaddr.js's (which also treats an IPv4-mapped IPv6
// address, ::ffff:1.2.3.4, as the IPv4 address it is), but for dotted quads
// in their one canonical spelling, the bulk of any list and of clients, which
// are read directly: a long list loads in a fraction of the time. A lookup does not scan
// the list: the ranges are merged into sorted, disjoint intervals of
// addresses once, and an address is found among them by binary search, so
// the list's length costs a request next to nothing.
import ipaddr from "ipaddr.js";
import { countAtOrBefore } from "../lib/sorted.ts";

/** Sorted, disjoint [first, last] address intervals of one family. */
interface Intervals<N extends number | bigint> {
  firsts: ArrayLike<N>;
  lasts: ArrayLike<N>;
}

/** Entries as read, before merging: an IPv4 or IPv6 [first, last] each. */
interface Entries {
  v4: [number, number][];
  v6: [bigint, bigint][];
}

export class AddressList {
  private readonly v4: Intervals<number>;
  private readonly v6: Intervals<bigint>;

  /** Only the merged intervals are kept, not the entries: a long list is a few arrays to the garbage collector. */
  private constructor(
    entries: Entries,
    /** How many entries the list was given. */
    readonly size: number,
  ) {
    const v4 = merged(entries.v4, (n) => n + 1);
    this.v4 = { firsts: Float64Array.from(v4.firsts), lasts: Float64Array.from(v4.lasts) };
    this.v6 = merged(entries.v6, (n) => n + 1n);
  }

  static readonly EMPTY = new AddressList({ v4: [], v6: [] }, 0);

  /** Entries separated by commas, spaces or lines; `#` starts a comment. Throws on a bad entry, naming it. */
  static parse(text: string, source = "list"): AddressList {
    const entries: Entries = { v4: [], v6: [] };
    let size = 0;
    text.split("\n").forEach((raw, index) => {
      for (const entry of raw.replace(/#.*/, "").split(/[\s,]+/).filter(Boolean)) {
        size++;
        // Most entries are plain IPv4 ranges: read those directly; anything else is ipaddr.js's to judge.
        const quad = canonicalQuad(entry);
        if (quad) {
          entries.v4.push(ipv4Interval(quad.address, quad.bits));
          continue;
        }
        const [address, bits] = entry.split("/", 2) as [string, string?];
        // ipaddr.js also reads the old shorthands ("1.2.3" is 1.2.0.3): a list of bans takes whole addresses only.
        if (!isFullAddress(address) || (bits !== undefined && !/^\d{1,3}$/.test(bits))) throw new Error(`${source}:${index + 1}: "${entry}" is not a full IP address or CIDR range`);
        let range: [ipaddr.IPv4 | ipaddr.IPv6, number];
        try {
          range = bits === undefined ? single(ipaddr.parse(address)) : ipaddr.parseCIDR(entry);
        } catch {
          throw new Error(`${source}:${index + 1}: "${entry}" is not a full IP address or CIDR range`);
        }
        add(entries, range);
      }
    });
    return new AddressList(entries, size);
  }

  has(address: string | undefined): boolean {
    if (!address || this.size === 0) return false;
    // Most clients are a dotted quad: read it without building an address object.
    const quad = canonicalQuad(address);
    if (quad) return quad.bits === 32 && within(this.v4, quad.address);
    if (!ipaddr.isValid(address)) return false;
    const ip = normalise(ipaddr.parse(address));
    return ip.kind() === "ipv4" ? within(this.v4, toNumber(ip as ipaddr.IPv4)) : within(this.v6, toBigInt(ip as ipaddr.IPv6));
  }

  concat(other: AddressList): AddressList {
    return new AddressList({ v4: [...pairs(this.v4), ...pairs(other.v4)], v6: [...pairs(this.v6), ...pairs(other.v6)] }, this.size + other.size);
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

function single(ip: ipaddr.IPv4 | ipaddr.IPv6): [ipaddr.IPv4 | ipaddr.IPv6, number] {
  return [ip, ip.kind() === "ipv4" ? 32 : 128];
}

/** An address or range as an interval; an IPv4-mapped IPv6 range is the IPv4 range it maps. */
function add(entries: Entries, [range, bits]: [ipaddr.IPv4 | ipaddr.IPv6, number]): void {
  const r = normalise(range);
  if (r.kind() === "ipv4") {
    entries.v4.push(ipv4Interval(toNumber(r as ipaddr.IPv4), bits - (range.kind() === "ipv6" ? 96 : 0)));
  } else {
    const span = 1n << BigInt(128 - bits);
    const first = (toBigInt(r as ipaddr.IPv6) / span) * span;
    entries.v6.push([first, first + span - 1n]);
  }
}

function ipv4Interval(address: number, prefix: number): [number, number] {
  const span = 2 ** (32 - prefix);
  const first = address - (address % span);
  return [first, first + span - 1];
}

function normalise(ip: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | ipaddr.IPv6 {
  return ip.kind() === "ipv6" && (ip as ipaddr.IPv6).isIPv4MappedAddress() ? (ip as ipaddr.IPv6).toIPv4Address() : ip;
}

/**
 * A dotted quad with an optional prefix length, in the one spelling that
 * cannot be read two ways (no leading zeros, octets to 255, prefix to 32):
 * the address as a number and the prefix (32 without one). Undefined for
 * anything else, which ipaddr.js then reads or refuses.
 */
function canonicalQuad(text: string): { address: number; bits: number } | undefined {
  const m = CANONICAL_QUAD.exec(text);
  if (!m) return undefined;
  const [a, b, c, d] = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])];
  const bits = m[5] === undefined ? 32 : Number(m[5]);
  if (a > 255 || b > 255 || c > 255 || d > 255 || bits > 32) return undefined;
  return { address: ((a * 256 + b) * 256 + c) * 256 + d, bits };
}

const CANONICAL_QUAD = /^(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})(?:\/(0|[1-9]\d?))?$/;
const toNumber = (ip: ipaddr.IPv4) => ip.octets.reduce((n, octet) => n * 256 + octet, 0);
const toBigInt = (ip: ipaddr.IPv6) => ip.parts.reduce((n, part) => (n << 16n) | BigInt(part), 0n);

/** Sorted by first address, overlapping or touching intervals joined. */
function merged<N extends number | bigint>(intervals: [N, N][], after: (n: N) => N): { firsts: N[]; lasts: N[] } {
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

function pairs<N extends number | bigint>({ firsts, lasts }: Intervals<N>): [N, N][] {
  return Array.from({ length: firsts.length }, (_, i) => [firsts[i]!, lasts[i]!]);
}

/** Whether `address` falls in one of the intervals: the last that starts at or before it. */
function within<N extends number | bigint>({ firsts, lasts }: Intervals<N>, address: N): boolean {
  const n = countAtOrBefore(firsts, address);
  return n > 0 && address <= lasts[n - 1]!;
}
