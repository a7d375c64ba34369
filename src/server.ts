// `bun start`: serves the database file at DATABASE_PATH. It never builds or
// writes; without a usable database it refuses to start with one line saying
// why. A rebuilt file is swapped in without a restart.
import { prepareAnswers } from "./app/answers.ts";
import { LiveAnswers } from "./app/live.ts";
import { loadConfig } from "./config.ts";
import { fileStamp } from "./data/file-stamp.ts";
import { DatabaseUnusable, loadDatabaseFile } from "./data/open-bun.ts";
import { edgeSettings, refuseToStart, serve } from "./serve.ts";

try {
  const config = loadConfig();
  const edge = edgeSettings(config);
  const path = config.databasePath;
  const live = new LiveAnswers({ label: path, load: () => prepareAnswers(loadDatabaseFile(path), config.basePath), stamp: () => fileStamp(path) });
  serve(config, edge, { answers: () => live.current, onStop: () => live.stop() });
  process.on("SIGHUP", () => live.reload("SIGHUP"));
  live.watch(config.watchIntervalMs);
} catch (e) {
  refuseToStart(e instanceof DatabaseUnusable ? e.message : `configuration: ${(e as Error).message}`);
}
