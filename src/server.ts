// `bun start`: serves the built database. It never builds or writes; without
// a usable database it refuses to start with one line saying why.
import { loadConfig } from "./config.ts";
import { LiveStore } from "./data/live-store.ts";
import { DatabaseUnusable } from "./data/open-database.ts";
import { createApp } from "./http/app.ts";

const config = loadConfig();
let live: LiveStore;
try {
  live = new LiveStore(config.databasePath);
} catch (e) {
  if (!(e instanceof DatabaseUnusable)) throw e;
  console.error(`feed-service: ${e.message}`);
  process.exit(1);
}

const server = Bun.serve({
  port: config.port,
  hostname: config.host,
  fetch: createApp({ store: () => live.current, basePath: config.basePath }),
});
console.log(`feed-service listening on ${server.url.origin}${config.basePath} (database build ${live.current.buildId})`);

// A rebuilt database is picked up without a restart: on SIGHUP, or when polling sees the file replaced.
process.on("SIGHUP", () => live.reload("SIGHUP"));
live.watch(config.watchIntervalMs);
