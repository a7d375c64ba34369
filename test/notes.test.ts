// A rate HMRC's files give reason to doubt carries a note in plain words (#28);
// every other answer is byte for byte what it was.
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { prepareAnswers } from "../src/app/answers.ts";
import { createApp } from "../src/app/app.ts";
import { buildDatabase } from "../src/build/build-database.ts";
import { loadDatabaseFile } from "../src/data/open-bun.ts";
import { lastDayOf } from "../src/lib/publication.ts";
import { buildOptions, fixtureSnapshot, get, realApp, tempDir } from "./helpers.ts";

const row = (country: string, name: string, code: string, rate: string, month: string) => `${country},${name},${code},${rate},01/${month.slice(5)}/${month.slice(0, 4)},${lastDayOf(month).slice(8)}/${month.slice(5)}/${month.slice(0, 4)}`;

describe("notes on doubtful rates", () => {
  // LRD under the US dollar's name and rate, then back as itself; BRL out by a factor of 1,000 for a month, as HMRC published it in 2019.
  const upstream = fixtureSnapshot({
    "monthly_csv_2019-03.csv": [row("USA", "Dollar", "USD", "1.3", "2019-03"), row("Liberia", "Dollar (US)", "LRD", "1.3", "2019-03"), row("Brazil", "Real", "BRL", "4.85", "2019-03")],
    "monthly_csv_2019-04.csv": [row("USA", "Dollar", "USD", "1.31", "2019-04"), row("Liberia", "Dollar (US)", "LRD", "1.31", "2019-04"), row("Brazil", "Real", "BRL", "4850", "2019-04")],
    "monthly_csv_2019-05.csv": [row("USA", "Dollar", "USD", "1.29", "2019-05"), row("Liberia", "Dollar", "LRD", "240.5", "2019-05"), row("Brazil", "Real", "BRL", "5.12", "2019-05")],
  });
  const path = join(tempDir(), "feed.sqlite");
  buildDatabase(buildOptions(upstream, path));
  const app = createApp({ answers: prepareAnswers(loadDatabaseFile(path), "") });

  test("a code published under another currency's name and rate, until the code jumps away from it", async () => {
    expect((await get(app, "/vat/exchange-rate/lrd/2019-04-10")).body).toEqual({
      currencyCode: "LRD",
      currencyName: "Liberian Dollar",
      effectiveFrom: "2019-04-01",
      rate: 1.31,
      note: "HMRC published this rate under LRD with the name \"Dollar (US)\", and it is USD's rate in the same file (1.31): most likely USD's rate, not LRD's. Do not use it for LRD.",
    });
    expect((await get(app, "/vat/exchange-rate/lrd/2019-05-10")).body.note).toBe("This rate is about 184 times the previous month's (1.31): the currency was redenominated, or HMRC publishes another currency under LRD from here. Check before using it.");
  });

  test("a month out and straight back is the odd one; the return needs no note", async () => {
    expect((await get(app, "/vat/exchange-rate/brl/2019-04-10")).body.note).toBe("HMRC published 4850, about 1000 times the months either side (4.85 and 5.12): most likely a publishing error. Check before using it.");
    expect((await get(app, "/vat/exchange-rate/brl/2019-05-10")).body).not.toHaveProperty("note");
    expect((await get(app, "/vat/exchange-rate/usd/2019-04-10")).body).not.toHaveProperty("note");
  });

  test("tables and histories carry the same notes", async () => {
    const table = (await get(app, "/vat/exchange-rates/2019-04-10")).body as { currencyCode: string; note?: string }[];
    expect(table.filter((r) => r.note).map((r) => r.currencyCode)).toEqual(["BRL", "LRD"]);
    const history = (await get(app, "/vat/currencies/brl")).body as { periods: { note?: string }[] };
    expect(history.periods.map((p) => Boolean(p.note))).toEqual([false, true, false]);
  });
});

describe("on the real data", () => {
  const app = realApp();
  test("LRD in 2019 and BRL in April 2019 carry notes; USD 2024-01-15 is byte for byte what it was", async () => {
    expect((await get(app, "/vat/exchange-rate/LRD/2019-06-15")).body.note).toContain("most likely USD's rate, not LRD's");
    expect((await get(app, "/vat/exchange-rate/BRL/2019-04-15")).body.note).toContain("most likely a publishing error");
    expect((await get(app, "/vat/exchange-rate/usd/2024-01-15")).text).toBe('{"currencyCode":"USD","currencyName":"US Dollar","effectiveFrom":"2024-01-01","rate":1.2651}');
    // BMD is pegged to the US dollar: the same rate under a US name is no error.
    expect((await get(app, "/vat/exchange-rate/bmd/2024-01-15")).body).not.toHaveProperty("note");
  });
});
