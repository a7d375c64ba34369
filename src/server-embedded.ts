// Entry of the single-file executable (`bun run compile`): the database is
// embedded in the binary, so it runs with no file beside it. The embedded copy
// cannot be rebuilt in place; ship a new binary for new data.
import database from "../db/feed.sqlite" with { type: "sqlite", embed: "true" };
import { startEmbedded } from "./embedded.ts";

startEmbedded(database);
