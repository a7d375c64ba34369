// Listening with Bun.serve.
import type { Listen } from "./serve.ts";

export const listenBun: Listen = ({ port, hostname, tls }, fetch) => {
  const server = Bun.serve({
    port,
    hostname,
    fetch: (request, server) => fetch(request, () => server.requestIP(request)?.address),
    // Bun.file is read lazily by Bun.serve; a missing file fails here, at start.
    ...(tls ? { tls: { cert: Bun.file(tls.certFile), key: Bun.file(tls.keyFile) } } : {}),
  });
  return { origin: server.url.origin, stop: (force) => server.stop(force) };
};
