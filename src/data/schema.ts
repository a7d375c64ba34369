// The database's shape: the facts HMRC and npm published, and where they came
// from. Nothing derived is stored; a server derives its answers when it opens
// the file. Kept free of `bun:sqlite` so drizzle-kit (which loads it under
// Node) can read it.
import { primaryKey, sqliteTable, text, integer } from "drizzle-orm/sqlite-core";

/** The server refuses a file whose schema version is not this one; bumped with every migration. */
export const SCHEMA_VERSION = "8";

/** One row per currency per period HMRC published (monthly, or a weekly amendment). */
export const periods = sqliteTable(
  "periods",
  {
    currencyCode: text("currency_code").notNull(),
    startsOn: text("starts_on").notNull(), // YYYY-MM-DD, inclusive
    endsOn: text("ends_on").notNull(), // YYYY-MM-DD, inclusive
    kind: text("kind", { enum: ["monthly", "amendment"] }).notNull(),
    // The published decimal, canonicalised but never passed through a float.
    rate: text("rate").notNull(),
    source: text("source").notNull(), // file:lines it came from
    // What is wrong with this rate, in plain words, when the build recorded a warning about it (LRD as "Dollar (US)").
    note: text("note"),
  },
  (t) => [primaryKey({ columns: [t.currencyCode, t.startsOn, t.kind] })],
);

/** HMRC's yearly rates: the average for the twelve months ending with `period` (March or December), or the spot rate on its last day. */
export const yearlyRates = sqliteTable(
  "yearly_rates",
  {
    series: text("series", { enum: ["average", "spot"] }).notNull(),
    period: text("period").notNull(), // YYYY-MM
    currencyCode: text("currency_code").notNull(),
    rate: text("rate").notNull(), // as published, canonicalised
    source: text("source").notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.period, t.currencyCode] })],
);

export const currencies = sqliteTable("currencies", {
  code: text("code").primaryKey(),
  /** The name served: ICU's English name for the ISO code, or HMRC's where ICU has none. */
  name: text("name").notNull(),
  hmrcName: text("hmrc_name").notNull(),
});

export const versions = sqliteTable("versions", {
  position: integer("position").primaryKey(),
  software: text("software").notNull().unique(),
  npmPackage: text("npm_package").notNull(),
  releaseVersion: text("release_version").notNull(),
  releaseDate: text("release_date").notNull(),
  nightlyVersion: text("nightly_version").notNull(),
  nightlyDate: text("nightly_date").notNull(),
});

/** Every anomaly the importer found, with where it found it. */
export const anomalies = sqliteTable("anomalies", {
  id: integer("id").primaryKey(),
  severity: text("severity", { enum: ["notice", "warning"] }).notNull(),
  kind: text("kind").notNull(),
  file: text("file").notNull(),
  line: integer("line").notNull(),
  message: text("message").notNull(),
});

/** The build's provenance: schema version, the digest of the facts above, build time, sources and their hashes. */
export const buildInfo = sqliteTable("build_info", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});
