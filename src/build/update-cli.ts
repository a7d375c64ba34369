// `bun run db:update`: fetch what HMRC and npm published since the snapshot,
// then rebuild. Exit codes, for cron and monitors:
//   0  the data reaches the month it must (this UK month, or next month once
//      HMRC's publication day has passed), and nothing was refused;
//   1  the rebuild failed: snapshot and database unchanged;
//   2  something was refused (named); the rest was applied;
//   3  the data still does not reach the month it must: the missing months and
//      the URLs asked are printed (HMRC late, or a wrong HMRC_API_URL).
// HMRC refusing us for want of credentials is exit 1, naming the settings.
import { loadHmrcSettings, loadPipelineConfig, type HmrcSettings, type PipelineConfig } from "../config.ts";
import { ukDate } from "../lib/uk-date.ts";
import { BuildError } from "./anomalies.ts";
import { HmrcAuthError } from "./hmrc-api.ts";
import { addMonths, requiredMonth, updateSnapshot } from "./hmrc-update.ts";
import { formatSummary } from "./summary.ts";

let config: PipelineConfig;
let hmrc: HmrcSettings;
try {
  config = loadPipelineConfig();
  hmrc = loadHmrcSettings();
} catch (e) {
  console.error(`db:update failed: configuration: ${(e as Error).message}`);
  process.exit(1);
}
const started = performance.now();
const today = config.updateToday ?? ukDate(new Date());
try {
  const result = await updateSnapshot({
    ...config,
    hmrc,
    today,
    say: (line) => console.log(`  ${line}`),
  });
  console.log("db:update summary:");
  console.log(`  new months      ${result.added.join(", ") || "none"}`);
  console.log(`  replaced by HMRC ${result.replaced.join(", ") || "none"}`);
  console.log(`  versions        ${result.versionsChanged ? "changed" : "unchanged"}`);
  for (const r of result.rejected) console.log(`  REFUSED ${r.file}: ${r.reason}`);
  if (result.build) console.log(formatSummary(result.build, config.databasePath, (performance.now() - started) / 1000));
  else console.log("  nothing new: database unchanged");
  if (result.yearlyMissing.length) console.log(`  BEHIND: on ${today} HMRC has published ${result.yearlyMissing.join(", ")}, which the snapshot still lacks. Asked: ${result.asked.join(" ")}`);
  const required = requiredMonth(today);
  if (result.newestMonth < required || result.yearlyMissing.length) {
    const missing: string[] = [];
    for (let m = addMonths(result.newestMonth, 1); m <= required; m = addMonths(m, 1)) missing.push(m);
    if (missing.length) console.log(`  BEHIND: on ${today} the data must reach ${required} but ends with ${result.newestMonth}; missing ${missing.join(", ")}. Asked: ${result.asked.join(" ")}`);
    process.exit(3);
  }
  process.exit(result.rejected.length > 0 ? 2 : 0);
} catch (e) {
  // One line, whatever went wrong; the stack only with --verbose.
  if (process.argv.includes("--verbose")) console.error(e);
  const message = e instanceof BuildError || e instanceof HmrcAuthError ? e.message : `${(e as Error).message ?? e}`;
  console.error(`db:update failed, snapshot and database unchanged: ${message}`);
  process.exit(1);
}
