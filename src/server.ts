// `bun start`: serves the database file at DATABASE_PATH. It never builds or
// writes; without a usable database it refuses to start with one line saying
// why. A rebuilt file is swapped in without a restart.
import { loadConfig } from "./config.ts";
import { LiveStore } from "./data/live-store.ts";
import { DatabaseUnusable } from "./data/open-database.ts";
import { edgeSettings, refuseToStart, serve } from "./serve.ts";

try {
  const config = loadConfig();
  const edge = edgeSettings(config);
  const live = new LiveStore(config.databasePath);
  serve(config, edge, { store: () => live.current, onStop: () => live.close() });
  process.on("SIGHUP", () => live.reload("SIGHUP"));
  live.watch(config.watchIntervalMs);
} catch (e) {
  refuseToStart(e instanceof DatabaseUnusable ? e.message : `configuration: ${(e as Error).message}`);
}
