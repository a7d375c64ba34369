// Listening with Bun.serve.
import type { Server } from "bun";
import type { Listen } from "./serve.ts";

export const listenBun: Listen = ({ port, hostname, tls }, fetch) => {
  const peer = (request: Request): string | undefined => server.requestIP(request)?.address;
  const server: Server<undefined> = Bun.serve({
    port,
    hostname,
    fetch: (request) => fetch(request, peer),
    // Bun.file is read lazily by Bun.serve; a missing file fails here, at start.
    ...(tls ? { tls: { cert: Bun.file(tls.certFile), key: Bun.file(tls.keyFile) } } : {}),
  });
  return { origin: server.url.origin, stop: (force) => server.stop(force) };
};
