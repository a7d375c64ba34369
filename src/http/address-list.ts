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
        try {
          ranges.push(entry.includes("/") ? ipaddr.parseCIDR(entry) : single(ipaddr.parse(entry)));
        } catch {
          throw new Error(`${source}:${index + 1}: "${entry}" is not an IP address or CIDR range`);
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

function single(ip: ipaddr.IPv4 | ipaddr.IPv6): Range {
  return [ip, ip.kind() === "ipv4" ? 32 : 128];
}

function normalise(ip: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | ipaddr.IPv6 {
  return ip.kind() === "ipv6" && (ip as ipaddr.IPv6).isIPv4MappedAddress() ? (ip as ipaddr.IPv6).toIPv4Address() : ip;
}
