// Run once, before the redesign (#11), to record what the previous request
// path answered: `bun test/golden/record.ts`. The redesign must answer the
// same cases byte for byte (test/golden.test.ts replays them).
import { gzipSync } from "node:zlib";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildDatabase } from "../../src/build/build-database.ts";
import { loadConfig } from "../../src/config.ts";
import { FeedStore } from "../../src/data/feed-store.ts";
import { openDatabase } from "../../src/data/open-database.ts";
import { createApp } from "../../src/http/app.ts";
import { setLogLevel } from "../../src/log.ts";
import { goldenCases, GOLDEN_BUILT_AT, withEtag, type GoldenAnswer } from "./cases.ts";
import { tempDir } from "../helpers.ts";

setLogLevel("silent");
const path = join(tempDir(), "feed.sqlite");
buildDatabase({ ...loadConfig({}), databasePath: path }, new Date(GOLDEN_BUILT_AT));
const store = new FeedStore(openDatabase(path));
const codes = store.currencyCodes();
const answers: GoldenAnswer[] = [];
for (const c of goldenCases(codes)) {
  const app = createApp({ store, clock: () => new Date(c.at), basePath: c.basePath });
  const ask = (method: string, headers?: Record<string, string>) => app(new Request(`http://feed.test${c.path}`, { method, headers }));
  const response = await ask(c.method, await withEtag(c.headers, async () => (await ask("GET")).headers.get("etag")!));
  answers.push({ ...c, status: response.status, responseHeaders: [...response.headers].sort(), body: await response.text() });
}
writeFileSync(join(import.meta.dir, "answers.json.gz"), gzipSync(JSON.stringify(answers), { level: 9 }));
console.log(`recorded ${answers.length} answers`);
