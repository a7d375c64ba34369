// All the service's data access. A database file never changes while it is
// open, so what has been read once is kept: currencies and versions at open,
// each currency's periods on first use.
import { eq, sql } from "drizzle-orm";
import { PeriodTimeline } from "../vat/period.ts";
import { UkDays } from "../vat/uk-days.ts";
import type { OpenedDatabase } from "./open-database.ts";
import { currencies, timelines, versions } from "./schema.ts";

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
  private readonly packedUkDays;
  private ukDayTable: UkDays | undefined;
  private readonly currencyByCode: ReadonlyMap<string, CurrencyRecord>;
  private readonly versionList: readonly VersionRecord[];
  private readonly timelines = new Map<string, PeriodTimeline>();
  private readonly timelineQuery;

  constructor(private readonly opened: OpenedDatabase) {
    const { db } = opened;
    this.buildId = opened.buildId;
    this.info = { builtAt: opened.builtAt, coverage: opened.coverage };
    this.packedUkDays = opened.ukDays;
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
    this.timelineQuery = db
      .select({ periods: timelines.periods, rates: timelines.rates })
      .from(timelines)
      .where(eq(timelines.currencyCode, sql.placeholder("code")))
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
      // One packed row per currency: reading rates row by row left ~16 MiB of garbage behind (#6).
      const packed = this.timelineQuery.get({ code });
      timeline = packed ? PeriodTimeline.unpack(packed) : PeriodTimeline.from([]);
      this.timelines.set(code, timeline);
    }
    return timeline;
  }

  /** When UK days begin, as the build worked it out; undefined sends the today route to Intl. Unpacked on first use: start-up stays short (#6). */
  get ukDays(): UkDays | undefined {
    if (!this.ukDayTable && this.packedUkDays) this.ukDayTable = UkDays.unpack(this.packedUkDays);
    return this.ukDayTable;
  }

  versions(): readonly VersionRecord[] {
    return this.versionList;
  }

  close(): void {
    this.opened.sqlite.close();
  }
}
