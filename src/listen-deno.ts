// Listening with Deno.serve: the same app and edge as on Bun, another listener.
import { readFileSync } from "node:fs";
import type { Listen } from "./serve.ts";

export const listenDeno: Listen = ({ port, hostname, tls }, fetch) => {
  const controller = new AbortController();
  const server = Deno.serve(
    { port, hostname, signal: controller.signal, onListen: () => {}, ...(tls ? { cert: readFileSync(tls.certFile, "utf8"), key: readFileSync(tls.keyFile, "utf8") } : {}) },
    // Deno hands the peer with each request, so its lookup is made per request.
    (request, info) => fetch(request, () => (info.remoteAddr as Deno.NetAddr).hostname),
  );
  const { hostname: host, port: bound } = server.addr as Deno.NetAddr;
  return { origin: `${tls ? "https" : "http"}://${host.includes(":") ? `[${host}]` : host}:${bound}`, stop: (force) => (force ? (controller.abort(), server.finished) : server.shutdown()) };
};
