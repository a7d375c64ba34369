import * as v from "valibot";

const isoDate = v.pipe(v.string(), v.isoDate());

export const FreshnessSchema = v.pipe(
  v.strictObject({
    newestDate: v.pipe(isoDate, v.description("The last day any rate in this database covers")),
    today: v.pipe(isoDate, v.description("Today's date in the UK (GMT or BST)")),
    todayCovered: v.pipe(v.boolean(), v.description("Whether today has a rate; false means the database needs an update (bun run db:update)")),
    daysBehind: v.pipe(v.number(), v.integer(), v.minValue(0), v.description("Days from the newest covered date to today; 0 when today is covered")),
  }),
  v.title("Freshness"),
  v.description("For monitors: alert when todayCovered is false"),
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
