// All the service's data access. A database file never changes while it is
// open, so what has been read once is kept: currencies and versions at open,
// each currency's periods on first use.
import { asc, eq, sql } from "drizzle-orm";
import { PeriodTimeline, type RatePeriod } from "../vat/period.ts";
import type { OpenedDatabase } from "./open-database.ts";
import { currencies, rates, versions } from "./schema.ts";

export interface CurrencyRecord {
  code: string;
  name: string;
  firstDate: string;
  lastDate: string;
}

export interface VersionRecord {
  software: string;
  releaseVersion: string;
  releaseDate: string;
  nightlyVersion: string;
  nightlyDate: string;
}

export class FeedStore {
  readonly buildId: string;
  readonly info: { builtAt: string; coverage: { from: string; to: string } };
  private readonly currencyByCode: ReadonlyMap<string, CurrencyRecord>;
  private readonly versionList: readonly VersionRecord[];
  private readonly timelines = new Map<string, PeriodTimeline>();
  private readonly periodsQuery;

  constructor(private readonly opened: OpenedDatabase) {
    const { db } = opened;
    this.buildId = opened.buildId;
    this.info = { builtAt: opened.builtAt, coverage: opened.coverage };
    this.currencyByCode = new Map(
      db
        .select({ code: currencies.code, name: currencies.name, firstDate: currencies.firstDate, lastDate: currencies.lastDate })
        .from(currencies)
        .all()
        .map((c) => [c.code, c]),
    );
    this.versionList = db
      .select({
        software: versions.software,
        releaseVersion: versions.releaseVersion,
        releaseDate: versions.releaseDate,
        nightlyVersion: versions.nightlyVersion,
        nightlyDate: versions.nightlyDate,
      })
      .from(versions)
      .orderBy(sql`rowid`) // the export's order: DataTables, then its extensions
      .all();
    this.periodsQuery = db
      .select({ startsOn: rates.startsOn, endsOn: rates.endsOn, kind: rates.kind, rate: rates.rate })
      .from(rates)
      .where(eq(rates.currencyCode, sql.placeholder("code")))
      .orderBy(asc(rates.startsOn))
      .prepare();
  }

  currency(code: string): CurrencyRecord | undefined {
    return this.currencyByCode.get(code);
  }

  /** Every code, in code order. */
  currencyCodes(): string[] {
    return [...this.currencyByCode.keys()].sort();
  }

  currencyCount(): number {
    return this.currencyByCode.size;
  }

  /** The currency's periods, read on first use. */
  timeline(code: string): PeriodTimeline {
    let timeline = this.timelines.get(code);
    if (!timeline) {
      // Rows as arrays: mapping each into an object through drizzle cost ~1 KB of garbage a row.
      const rows = this.periodsQuery.values({ code }) as [string, string, RatePeriod["kind"], string][];
      timeline = new PeriodTimeline(rows.map(([startsOn, endsOn, kind, rate]) => ({ startsOn, endsOn, kind, rate })));
      this.timelines.set(code, timeline);
    }
    return timeline;
  }

  versions(): readonly VersionRecord[] {
    return this.versionList;
  }

  close(): void {
    this.opened.sqlite.close();
  }
}
