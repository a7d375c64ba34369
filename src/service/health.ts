import * as v from "valibot";

export const HealthSchema = v.pipe(
  v.strictObject({
    status: v.literal("ok"),
    build: v.pipe(v.string(), v.description("Id of the database build being served")),
    builtAt: v.pipe(v.string(), v.description("When that database was built")),
    coverage: v.strictObject({ from: v.pipe(v.string(), v.isoDate()), to: v.pipe(v.string(), v.isoDate()) }),
    currencies: v.pipe(v.number(), v.integer()),
  }),
  v.title("Health"),
);

export type Health = v.InferOutput<typeof HealthSchema>;
