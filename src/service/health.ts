import * as v from "valibot";

const isoDate = v.pipe(v.string(), v.isoDate());

export const FreshnessSchema = v.pipe(
  v.strictObject({
    newestDate: v.pipe(isoDate, v.description("The last day any rate in this database covers")),
    today: v.pipe(isoDate, v.description("Today's date in the UK (GMT or BST)")),
    todayCovered: v.pipe(v.boolean(), v.description("Whether today has a rate; false means the database needs an update (bun run db:update)")),
    daysBehind: v.pipe(v.number(), v.integer(), v.minValue(0), v.description("Days from the newest covered date to today; 0 when today is covered")),
    behind: v.pipe(v.boolean(), v.description("Whether HMRC has published rates this database lacks: the operator must run the update (bun run db:update)")),
    missingMonths: v.pipe(v.array(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}$/))), v.description("The months (YYYY-MM) HMRC has published that this database does not reach"), v.examples([["2026-09", "2026-10"]])),
    publishedThrough: v.pipe(v.string(), v.regex(/^\d{4}-\d{2}$/), v.description("The newest month HMRC has published by today, by its calendar (the penultimate Thursday of each month publishes the next)")),
    nextPublication: v.pipe(isoDate, v.description("The next day HMRC publishes a month's rates")),
  }),
  v.title("Freshness"),
  v.description("For monitors: alert when behind is true (the data lacks months HMRC has published); todayCovered says whether today has a rate"),
);

export const HealthSchema = v.pipe(
  v.strictObject({
    status: v.literal("ok"),
    build: v.pipe(v.string(), v.description("Id of the database build being served")),
    builtAt: v.pipe(v.string(), v.description("When that database was built")),
    coverage: v.strictObject({ from: isoDate, to: isoDate }),
    currencies: v.pipe(v.number(), v.integer()),
    freshness: FreshnessSchema,
  }),
  v.title("Health"),
);

export type Health = v.InferOutput<typeof HealthSchema>;
