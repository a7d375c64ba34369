// Serving from a database handle embedded in a compiled executable.
import type { Database } from "bun:sqlite";
import { loadConfig } from "./config.ts";
import { FeedStore } from "./data/feed-store.ts";
import { checkedDatabase, DatabaseUnusable } from "./data/open-database.ts";
import { edgeSettings, refuseToStart, serve } from "./serve.ts";

export function startEmbedded(database: Database): void {
  try {
    const config = loadConfig();
    const edge = edgeSettings(config);
    const store = new FeedStore(checkedDatabase(database, "embedded in this executable"));
    serve(config, edge, { store: () => store });
  } catch (e) {
    refuseToStart(e instanceof DatabaseUnusable ? e.message : `configuration: ${(e as Error).message}`);
  }
}
