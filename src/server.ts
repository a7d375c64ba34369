// `bun start`: serves the database file at DATABASE_PATH with Bun's SQLite.
import { loadDatabaseFile } from "./data/open-bun.ts";
import { listenBun } from "./listen-bun.ts";
import { start } from "./start.ts";

void start(listenBun, { "bun:sqlite": () => loadDatabaseFile });
