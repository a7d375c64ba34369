// Who is asking: the socket's peer, unless that peer is a proxy we were told
// to trust, in which case X-Forwarded-For is read from the right, skipping
// trusted proxies, and the first untrusted address is the client. Entries to
// the left of an untrusted hop could be forged by the client, so they are not read.
import type { AddressList } from "./address-list.ts";

export function clientAddress(socketAddress: string | undefined, forwardedFor: string | null, trusted: AddressList): string | undefined {
  if (!socketAddress || !trusted.has(socketAddress) || !forwardedFor) return socketAddress;
  const hops = forwardedFor.split(",").map((h) => h.trim()).filter(Boolean);
  let client = socketAddress;
  for (let i = hops.length - 1; i >= 0; i--) {
    client = hops[i]!;
    if (!trusted.has(client)) break;
  }
  return client;
}
