// `bun run db:update`: fetch what HMRC and npm published since the snapshot,
// then rebuild. Exit 0 when everything offered was taken, 2 when something was
// refused (the rest is applied), 1 when the rebuild failed (nothing changed).
import { loadConfig } from "../config.ts";
import { ukDate } from "../lib/uk-date.ts";
import { BuildError } from "./anomalies.ts";
import { updateSnapshot } from "./hmrc-update.ts";
import { formatSummary } from "./summary.ts";

const config = loadConfig();
const started = performance.now();
try {
  const result = await updateSnapshot({
    ...config,
    hmrcBaseUrl: process.env.HMRC_BASE_URL || "https://www.trade-tariff.service.gov.uk",
    npmRegistryUrl: process.env.NPM_REGISTRY_URL || "https://registry.npmjs.org",
    today: ukDate(new Date()),
    say: (line) => console.log(`  ${line}`),
  });
  console.log("db:update summary:");
  console.log(`  new months      ${result.added.join(", ") || "none"}`);
  console.log(`  replaced by HMRC ${result.replaced.join(", ") || "none"}`);
  console.log(`  versions        ${result.versionsChanged ? "changed" : "unchanged"}`);
  for (const r of result.rejected) console.log(`  REFUSED ${r.file}: ${r.reason}`);
  if (result.build) console.log(formatSummary(result.build, config.databasePath, (performance.now() - started) / 1000));
  else console.log("  nothing new: database unchanged");
  process.exit(result.rejected.length > 0 ? 2 : 0);
} catch (e) {
  if (!(e instanceof BuildError)) throw e;
  console.error(`db:update failed, snapshot and database unchanged: ${e.message}`);
  process.exit(1);
}
