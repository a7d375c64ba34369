// The OpenAPI 3.1 document, generated from the same valibot schemas the
// handlers and tests use, so the description cannot drift from the answers.
import { toJsonSchema } from "@valibot/to-json-schema";
import type * as v from "valibot";
import { ProblemSchema, PROBLEMS, problemType, type ProblemKind } from "../http/problem.ts";
import { HealthSchema } from "./health.ts";
import { CurrencyParam, DateParam } from "../vat/params.ts";
import { CurrencyListSchema, ExchangeRateSchema } from "../vat/schemas.ts";
import { CurrentVersionsSchema, VersionDetailsSchema } from "../versions/schemas.ts";

/** JSON Schema 2020-12 (OpenAPI 3.1's dialect); transforms such as percent-decoding have no equivalent and are left out. */
function schema(s: v.GenericSchema): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = toJsonSchema(s, { target: "draft-2020-12", errorMode: "ignore" }) as Record<string, unknown>;
  return rest;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (name: string, example?: unknown) => ({ "application/json": { schema: ref(name), ...(example === undefined ? {} : { example }) } });

function problem(kind: ProblemKind, detail: string, instance: string) {
  const { status, title } = PROBLEMS[kind];
  return { type: problemType(kind), title, status, detail, instance };
}

function problems(...cases: [ProblemKind, string, string][]) {
  const byStatus = new Map<number, Record<string, { value: unknown }>>();
  for (const [kind, detail, instance] of cases) {
    const { status } = PROBLEMS[kind];
    byStatus.set(status, { ...byStatus.get(status), [kind]: { value: problem(kind, detail, instance) } });
  }
  return Object.fromEntries(
    [...byStatus].map(([status, examples]) => [
      String(status),
      { description: Object.keys(examples).map((k) => PROBLEMS[k as ProblemKind].title).join("; "), content: { "application/problem+json": { schema: ref("Problem"), examples } } },
    ]),
  );
}

const METHOD_NOT_ALLOWED = {
  "405": { description: "Only GET and HEAD are served", headers: { Allow: { schema: { type: "string", const: "GET, HEAD" } } }, content: { "application/problem+json": { schema: ref("Problem") } } },
};

// Functions, not constants: converting schemas at import time cost every start-up ~1 ms for a document few ask for (#6).
const currencyParameter = () => ({ name: "currency", in: "path", required: true, description: "Currency code, any case (usd, USD)", schema: schema(CurrencyParam), example: "usd" });
const dateParameter = () => ({ name: "date", in: "path", required: true, description: "A real calendar day, YYYY-MM-DD", schema: { ...schema(DateParam), format: "date" }, example: "2024-01-15" });

const rateExample = { currencyCode: "USD", currencyName: "US Dollar", effectiveFrom: "2024-01-01", rate: 1.2651 };

export function openApiDocument(basePath: string): Record<string, unknown> {
  return {
    openapi: "3.1.0",
    info: {
      title: "Feed service: HMRC VAT exchange rates and DataTables versions",
      version: "1.0.0",
      description:
        "HMRC's published VAT period exchange rates (currency units per £1; sterling = amount ÷ rate) and the current DataTables versions. Not an official HMRC service. Contains public sector information licensed under the Open Government Licence v3.0.",
      license: { name: "Open Government Licence v3.0 (the HMRC data)", url: "https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/" },
    },
    servers: [{ url: basePath || "/" }],
    paths: {
      "/vat/exchange-rate/{currency}/{date}": {
        get: {
          summary: "The rate of the HMRC period that contains a date",
          description: "Among the periods of the currency that contain the date, the one that starts latest: a 2014–2016 weekly amendment applies from its start to the end of its month. effectiveFrom may be earlier than the date asked for.",
          parameters: [currencyParameter(), dateParameter()],
          responses: {
            "200": { description: "The rate in force on that date", content: json("ExchangeRate", rateExample) },
            ...problems(
              ["invalid-currency", '"US" is not a valid currency code: a currency code is three letters, such as USD or eur.', "/vat/exchange-rate/US/2024-01-15"],
              ["invalid-date", '"2025-02-30" is not a valid date: there is no such day in the calendar.', "/vat/exchange-rate/usd/2025-02-30"],
              ["unknown-currency", "HMRC has published no rate for XYZ; the database covers 159 currencies.", "/vat/exchange-rate/XYZ/2024-01-15"],
              ["no-rate", "No rate for USD on 2030-01-01: HMRC's rates for USD in this database run from 2014-02-01 to 2026-08-31, and no rate has been published for it yet.", "/vat/exchange-rate/usd/2030-01-01"],
            ),
            ...METHOD_NOT_ALLOWED,
          },
        },
      },
      "/vat/exchange-rate/{currency}": {
        get: {
          summary: "The rate in force today, as the date is in the UK (GMT or BST)",
          description: "Cache-Control lets caches keep the answer until the next UK midnight. After the newest published period this is a 404, never a stale rate.",
          parameters: [currencyParameter()],
          responses: {
            "200": { description: "The rate in force today", content: json("ExchangeRate", rateExample) },
            ...problems(
              ["invalid-currency", '"US" is not a valid currency code: a currency code is three letters, such as USD or eur.', "/vat/exchange-rate/US"],
              ["no-rate", "No rate for USD on 2026-11-21 (today in the UK): HMRC's rates for USD in this database run from 2014-02-01 to 2026-08-31, and no rate has been published for it yet.", "/vat/exchange-rate/usd"],
            ),
            ...METHOD_NOT_ALLOWED,
          },
        },
      },
      "/vat/currencies": {
        get: { summary: "Every currency with its name and the dates the data covers, by code", responses: { "200": { description: "The currencies", content: json("Currencies") }, ...METHOD_NOT_ALLOWED } },
      },
      "/versions/current": {
        get: { summary: "The released version of DataTables and each extension", responses: { "200": { description: "Versions by product", content: json("CurrentVersions", { DataTables: "3.1.5", Buttons: "4.1.1" }) }, ...METHOD_NOT_ALLOWED } },
      },
      "/versions/detail": {
        get: { summary: "Release and nightly versions with their publish dates", responses: { "200": { description: "Versions by product", content: json("VersionDetails") }, ...METHOD_NOT_ALLOWED } },
      },
      "/health": {
        get: { summary: "For load balancers: the database served and its coverage", responses: { "200": { description: "Serving", content: json("Health") }, ...METHOD_NOT_ALLOWED } },
      },
      "/openapi.json": {
        get: { summary: "This document", responses: { "200": { description: "OpenAPI 3.1", content: { "application/json": { schema: { type: "object" } } } } } },
      },
    },
    components: {
      schemas: {
        ExchangeRate: schema(ExchangeRateSchema),
        Currencies: { type: "array", items: ref("Currency"), description: "Every currency HMRC published a rate for, sorted by code" },
        Currency: schema(CurrencyListSchema).items as Record<string, unknown>,
        CurrentVersions: schema(CurrentVersionsSchema),
        VersionDetails: schema(VersionDetailsSchema),
        Health: schema(HealthSchema),
        Problem: schema(ProblemSchema),
      },
    },
  };
}
