// Serving from a database handle embedded in a compiled executable.
import type { Database } from "bun:sqlite";
import { prepareAnswers } from "./app/answers.ts";
import { loadConfig } from "./config.ts";
import { DatabaseUnusable, loadDatabase } from "./data/open-bun.ts";
import { listenBun } from "./listen-bun.ts";
import { edgeSettings, ListenError, refuseToStart, serve } from "./serve.ts";

export function startEmbedded(database: Database): void {
  try {
    const config = loadConfig();
    const edge = edgeSettings(config);
    const answers = prepareAnswers(loadDatabase(database, "embedded in this executable"), config.basePath);
    serve(config, edge, { answers: () => answers }, listenBun);
  } catch (e) {
    refuseToStart(e instanceof DatabaseUnusable || e instanceof ListenError ? e.message : `configuration: ${(e as Error).message}`);
  }
}
