// Who is asking: the socket's peer, unless that peer is a proxy we were told
// to trust, in which case X-Forwarded-For is read from the right, skipping
// trusted proxies, and the first untrusted address is the client. Entries to
// the left of an untrusted hop could be forged by the client, so they are not
// read. A hop that is no address at all is still an untrusted hop: the walk
// stops there and the caller is that hop (fail closed), never "no client".
import { hopAddress, type AddressList } from "./address-list.ts";

export function clientAddress(socketAddress: string | undefined, forwardedFor: string | null, trusted: AddressList): string | undefined {
  if (!socketAddress || !trusted.has(socketAddress) || !forwardedFor) return socketAddress;
  const hops = forwardedFor.split(",").map((h) => h.trim()).filter(Boolean);
  let client = socketAddress;
  for (let i = hops.length - 1; i >= 0; i--) {
    const address = hopAddress(hops[i]!);
    if (address === undefined) return hops[i]!.slice(0, 100);
    client = address;
    if (!trusted.has(client)) break;
  }
  return client;
}
