// The database's shape. Kept free of `bun:sqlite` so drizzle-kit (which loads
// it under Node) can read it.
import { customType, primaryKey, sqliteTable, text, integer, index } from "drizzle-orm/sqlite-core";

/** Bumped with every migration; the server refuses a file built for another version. */
export const SCHEMA_VERSION = "5";

/**
 * A blob read as the bytes the SQLite driver hands over. drizzle's own
 * `blob({ mode: "buffer" })` copies each one into a Node Buffer: 5.6 MB copied
 * and 5.6 MB left as garbage every time a server opens the file.
 */
const bytes = customType<{ data: Uint8Array<ArrayBuffer>; driverData: Uint8Array<ArrayBuffer> }>({ dataType: () => "blob" });

/** One row per currency per period HMRC published (monthly, or a weekly amendment). */
export const rates = sqliteTable(
  "rates",
  {
    currencyCode: text("currency_code").notNull(),
    startsOn: text("starts_on").notNull(), // YYYY-MM-DD, inclusive
    endsOn: text("ends_on").notNull(), // YYYY-MM-DD, inclusive
    kind: text("kind", { enum: ["monthly", "amendment"] }).notNull(),
    // The published decimal, canonicalised but never passed through a float.
    rate: text("rate").notNull(),
    source: text("source").notNull(), // file:lines it came from
  },
  (t) => [primaryKey({ columns: [t.currencyCode, t.startsOn, t.kind] })],
);

/**
 * What a server answers from, derived from `rates` at build time: each
 * currency's periods packed as the lookup holds them (see packed-timeline.ts)
 * and each period's answer as it is sent, with its ETag, so a server reads
 * one row per currency and does no work per period.
 */
export const timelines = sqliteTable("timelines", {
  currencyCode: text("currency_code").primaryKey(),
  periods: bytes("periods").notNull(),
  /** The published rates, space-separated, in the periods' order. */
  rates: text("rates").notNull(),
  /** Each period's ExchangeRate JSON, newline-separated, in the periods' order. */
  bodies: text("bodies").notNull(),
  /** Each body's strong ETag, space-separated. */
  etags: text("etags").notNull(),
});

/**
 * An answer made whole by the build: its UTF-8 bytes as sent, and its ETag.
 * Bytes rather than text: a server sends them as they are, where text with a
 * name outside Latin-1 in it is held as UTF-16 and encoded on every request.
 */
function answerColumns() {
  return { body: bytes("body").notNull(), etag: text("etag").notNull() };
}

/**
 * Every currency's rate on a day, as one answer per stretch of days between
 * period boundaries (vat/daily-tables.ts): the stretch's first day (days since
 * 1970-01-01), the JSON array as sent (no bytes where no currency has a rate)
 * and its ETag. Built here so a server does no work for them.
 */
export const dayTables = sqliteTable("day_tables", { startsOn: integer("starts_on").primaryKey(), ...answerColumns() });

/** Each currency's history answer as sent (vat/currency-history.ts), with its ETag. */
export const histories = sqliteTable("histories", { currencyCode: text("currency_code").primaryKey(), ...answerColumns() });

export const currencies = sqliteTable("currencies", {
  code: text("code").primaryKey(),
  name: text("name").notNull(),
  hmrcName: text("hmrc_name").notNull(),
  firstDate: text("first_date").notNull(),
  lastDate: text("last_date").notNull(),
});

export const versions = sqliteTable("versions", {
  software: text("software").primaryKey(),
  npmPackage: text("npm_package").notNull(),
  releaseVersion: text("release_version").notNull(),
  releaseDate: text("release_date").notNull(),
  nightlyVersion: text("nightly_version").notNull(),
  nightlyDate: text("nightly_date").notNull(),
});

/** Provenance of the build: schema version, source hashes, counts. */
export const buildInfo = sqliteTable("build_info", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/** Every anomaly the importer found, with where it found it. */
export const anomalies = sqliteTable(
  "anomalies",
  {
    id: integer("id").primaryKey(),
    severity: text("severity", { enum: ["notice", "warning"] }).notNull(),
    kind: text("kind").notNull(),
    file: text("file").notNull(),
    line: integer("line").notNull(),
    message: text("message").notNull(),
  },
  (t) => [index("anomalies_kind").on(t.kind)],
);
