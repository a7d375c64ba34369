// `bun start`: serves the built database. It never builds or writes; without
// a usable database it refuses to start with one line saying why.
import { loadConfig } from "./config.ts";
import { FeedStore } from "./data/feed-store.ts";
import { DatabaseUnusable, openDatabase } from "./data/open-database.ts";
import { createApp } from "./http/app.ts";

const config = loadConfig();
let store: FeedStore;
try {
  store = new FeedStore(openDatabase(config.databasePath));
} catch (e) {
  if (!(e instanceof DatabaseUnusable)) throw e;
  console.error(`feed-service: ${e.message}`);
  process.exit(1);
}

const server = Bun.serve({
  port: config.port,
  hostname: config.host,
  fetch: createApp({ store, basePath: config.basePath }),
});
console.log(`feed-service listening on ${server.url.origin}${config.basePath} (database build ${store.buildId})`);
