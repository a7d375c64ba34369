// The benchmark's yardstick: bare Bun.serve answering a constant JSON body of
// BODY_BYTES bytes, as fast as Bun can answer anything.
const bytes = Number(process.env.BODY_BYTES ?? 92);
const body = JSON.stringify({ padding: "x".repeat(Math.max(0, bytes - 15)) });
const server = Bun.serve({
  hostname: "127.0.0.1",
  // PORT for a cold start on a known port; otherwise any free one.
  port: Number(process.env.PORT ?? 0),
  fetch: () => new Response(body, { headers: { "content-type": "application/json; charset=utf-8" } }),
});
console.log(`baseline listening on ${server.url.origin}`);
