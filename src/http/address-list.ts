// Lists of IPv4/IPv6 addresses and CIDR ranges, as BANNED_IPS and TRUST_PROXY
// give them. Parsing and matching are ipaddr.js's, which also treats an
// IPv4-mapped IPv6 address (::ffff:1.2.3.4) as the IPv4 address it is.
import ipaddr from "ipaddr.js";

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

export class AddressList {
  private constructor(private readonly ranges: readonly Range[]) {}

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
    if (!address || this.ranges.length === 0 || !ipaddr.isValid(address)) return false;
    const ip = normalise(ipaddr.parse(address));
    return this.ranges.some(([range, bits]) => {
      const r = normalise(range);
      return r.kind() === ip.kind() && ip.match(r, bits - (range.kind() === "ipv6" && r.kind() === "ipv4" ? 96 : 0));
    });
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
