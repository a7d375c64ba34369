// Starting a server from the database file, the same on every runtime: read
// the settings, open the database with the runtime's SQLite, listen, and swap
// in a rebuilt file without a restart. It never builds or writes; without a
// usable database or with a bad setting it refuses to start with one line.
import { prepareAnswers } from "./app/answers.ts";
import { LiveAnswers } from "./app/live.ts";
import { loadConfig, type SqliteDriver } from "./config.ts";
import { DatabaseUnusable, type FeedData } from "./data/feed-data.ts";
import { fileStamp } from "./data/file-stamp.ts";
import { edgeSettings, ListenError, refuseToStart, serve, type Listen } from "./serve.ts";

/** Reads, checks and closes a database file; throws DatabaseUnusable saying why it cannot be served. */
export type Open = (path: string) => FeedData;

/** `openers`: the SQLite drivers this runtime has, the first its default. */
export async function start(listen: Listen, openers: Partial<Record<SqliteDriver, () => Open | Promise<Open>>>): Promise<void> {
  try {
    const config = loadConfig();
    const edge = edgeSettings(config);
    const available = Object.keys(openers);
    const driver = config.sqliteDriver ?? (available[0] as SqliteDriver);
    const opener = openers[driver];
    if (!opener) throw new Error(`SQLITE_DRIVER=${driver} is not available on this runtime; it has ${available.join(", ")}`);
    const open = await opener();
    const path = config.databasePath;
    const live = new LiveAnswers({ label: path, load: () => prepareAnswers(open(path), config.basePath), stamp: () => fileStamp(path) });
    serve(config, edge, { answers: () => live.current, onStop: () => live.stop() }, listen);
    process.on("SIGHUP", () => live.reload("SIGHUP"));
    live.watch(config.watchIntervalMs);
  } catch (e) {
    refuseToStart(e instanceof DatabaseUnusable || e instanceof ListenError ? e.message : `configuration: ${(e as Error).message}`);
  }
}
