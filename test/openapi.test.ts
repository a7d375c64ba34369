// The OpenAPI document as clients use it (#14): every answer the server
// really sends — every route, every status, its headers and body — is one the
// document declares. The linters and a generated client are toolchain checks
// (test/toolchain/openapi-tools.check.ts).
import { describe, expect, test } from "bun:test";
import Ajv2020 from "ajv/dist/2020";
import { createApp, type FetchHandler } from "../src/app/app.ts";
import { AddressList } from "../src/http/address-list.ts";
import { BanList } from "../src/http/ban-list.ts";
import { MAX_URL_LENGTH } from "../src/http/edge.ts";
import { fixedClock, realAnswers } from "./helpers.ts";

type Json = Record<string, any>;

const clock = fixedClock("2024-07-10T12:00:00Z");
const app = createApp({ answers: realAnswers("/feeds"), basePath: "/feeds", clock, bans: new BanList(AddressList.parse("203.0.113.7", "test"), undefined) });
const doc = (await (await app(new Request("http://feed.test/feeds/openapi.json"))).json()) as Json;

describe("what clients generate from it", () => {
  const operations = Object.values(doc.paths).map((item: any) => item.get);

  test("every operation is named, tagged, described and public", () => {
    expect(doc.security).toEqual([]);
    expect(doc.servers).toEqual([{ url: "/feeds", description: "This server" }]);
    expect(new Set(operations.map((o) => o.operationId)).size).toBe(operations.length);
    for (const o of operations) {
      expect(o.operationId).toMatch(/^[a-z][A-Za-z]+$/);
      expect(["vat", "yearly", "versions", "service"]).toContain(o.tags[0]);
      expect(o.summary.length * o.description.length).toBeGreaterThan(0);
      expect(o.parameters.map((p: Json) => p.$ref)).toContain("#/components/parameters/IfNoneMatch");
      for (const status of ["200", "304", "400", "403", "405", "414", "500"]) expect(Object.keys(o.responses)).toContain(status);
    }
    // CORS is described once, in the document's description: preflights are no operations to double every list.
    for (const item of Object.values(doc.paths) as Json[]) expect(Object.keys(item)).toEqual(["get"]);
    expect(doc.info.description).toContain("a preflight (OPTIONS asking for GET or HEAD, on any route) is answered 204");
  });

  test("every object is a named schema; Problem.type is the list of our problem types", () => {
    const schemas = doc.components.schemas;
    for (const name of ["ExchangeRate", "Currency", "VersionDetail", "Release", "Nightly", "Health", "Problem"]) expect(schemas[name].type).toBe("object");
    expect(schemas.VersionDetail.properties.release).toEqual({ $ref: "#/components/schemas/Release" });
    expect(schemas.VersionDetails.additionalProperties).toEqual({ $ref: "#/components/schemas/VersionDetail" });
    expect(schemas.Problem.properties.type.enum).toContain("urn:feed-service:problem:bad-request");
    expect(schemas.Problem.properties.type.enum).toContain("urn:feed-service:problem:no-rate");
  });
});

describe("every answer the server sends is declared", () => {
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  ajv.addSchema({ $id: "doc", components: doc.components });
  const resolve = (node: Json): Json => (node.$ref ? resolve(node.$ref.replace("#/", "").split("/").reduce((n: Json, key: string) => n[key], doc)) : node);
  const seen = new Map<string, Set<number>>();

  /** What every server sets and no API description lists. */
  const TRANSPORT = new Set(["content-type", "content-length", "date", "connection"]);

  /** Checks one real response against the document's declaration for `template`: status, headers both ways, media type, body. */
  async function check(template: string, response: Response, method: "get" = "get") {
    seen.set(template, (seen.get(template) ?? new Set()).add(response.status));
    const declared = doc.paths[template][method].responses[String(response.status)];
    expect([template, method, response.status, declared === undefined ? "undeclared" : "declared"]).toEqual([template, method, response.status, "declared"]);
    const answer = resolve(declared);
    const names = Object.keys(answer.headers ?? {}).map((h) => h.toLowerCase());
    for (const header of names) expect([response.status, header, response.headers.has(header)]).toEqual([response.status, header, true]);
    for (const [header] of response.headers) if (!TRANSPORT.has(header) && !names.includes(header)) expect([template, response.status, header]).toEqual([template, response.status, "declared"]);
    const text = await response.text();
    if (!answer.content) return expect(text).toBe("");
    const mediaType = response.headers.get("content-type")!.split(";")[0]!;
    const content = answer.content[mediaType];
    expect([template, response.status, mediaType, content === undefined ? "undeclared" : "declared"]).toEqual([template, response.status, mediaType, "declared"]);
    const schema = content.schema.$ref ? { $ref: `doc${content.schema.$ref}` } : content.schema;
    const valid = ajv.validate(schema, mediaType === "text/csv" ? text : JSON.parse(text));
    if (!valid) console.error(template, response.status, ajv.errors);
    expect(valid).toBe(true);
  }

  test("the path parameters' schemas accept what the API accepts and refuse what it refuses", () => {
    const [currency, date] = doc.paths["/vat/exchange-rate/{currency}/{date}"].get.parameters.map(resolve);
    const accepts = (parameter: Json, value: string) => ajv.validate({ $ref: `doc${parameter.schema.$ref}` }, value);
    expect([accepts(currency, "usd"), accepts(currency, "US"), accepts(currency, "u5d")]).toEqual([true, false, false]);
    expect([accepts(date, "2024-01-15"), accepts(date, "15/01/2024")]).toEqual([true, false]);
  });

  const ROUTES: [template: string, path: string, ...errors: string[]][] = [
    // "later:" asks a server whose clock is past its data, so HMRC has published what it lacks.
    ["/vat/exchange-rate/{currency}/{date}", "/vat/exchange-rate/usd/2024-01-15", "/vat/exchange-rate/us/2024-01-15", "/vat/exchange-rate/usd/2025-02-30", "/vat/exchange-rate/xyz/2024-01-15", "/vat/exchange-rate/usd/2031-01-01", "later:/vat/exchange-rate/usd/2030-01-15"],
    ["/vat/exchange-rate/{currency}", "/vat/exchange-rate/eur", "/vat/exchange-rate/e", "/vat/exchange-rate/xyz", "/vat/exchange-rate/mro", "later:/vat/exchange-rate/usd"],
    ["/vat/exchange-rates/{date}", "/vat/exchange-rates/2014-12-24", "/vat/exchange-rates/2024-02-30", "/vat/exchange-rates/2031-01-01", "later:/vat/exchange-rates/2030-01-15"],
    ["/vat/currencies/{currency}", "/vat/currencies/lrd", "/vat/currencies/l", "/vat/currencies/xyz"],
    ["/average-rate/{currency}/{period}", "/average-rate/usd/2025-12", "/average-rate/us/2025-12", "/average-rate/usd/2025-06", "/average-rate/xyz/2025-12", "/average-rate/usd/2009-12", "later:/average-rate/usd/2029-12"],
    ["/spot-rate/{currency}/{date}", "/spot-rate/usd/2025-12-31", "/spot-rate/us/2025-12-31", "/spot-rate/usd/2025-12-30", "/spot-rate/xyz/2025-12-31", "/spot-rate/usd/2027-03-31", "later:/spot-rate/usd/2029-12-31"],
    ["/average-rates/{period}", "/average-rates/2025-12", "/average-rates/2025-06", "/average-rates/2027-03", "later:/average-rates/2029-12"],
    ["/spot-rates/{date}", "/spot-rates/2025-12-31", "/spot-rates/2025-12-30", "/spot-rates/2027-03-31", "later:/spot-rates/2029-12-31"],
    ["/vat/exchange-rates/{date}.csv", "/vat/exchange-rates/2014-12-24.csv", "/vat/exchange-rates/2024-02-30.csv", "/vat/exchange-rates/2031-01-01.csv", "later:/vat/exchange-rates/2030-01-15.csv"],
    ["/vat/currencies/{currency}.csv", "/vat/currencies/lrd.csv", "/vat/currencies/l.csv", "/vat/currencies/xyz.csv"],
    ["/average-rates/{period}.csv", "/average-rates/2025-12.csv", "/average-rates/2025-06.csv", "/average-rates/2027-03.csv", "later:/average-rates/2029-12.csv"],
    ["/spot-rates/{date}.csv", "/spot-rates/2025-12-31.csv", "/spot-rates/2025-12-30.csv", "/spot-rates/2027-03-31.csv", "later:/spot-rates/2029-12-31.csv"],
    ["/currencies", "/currencies"],
    ["/currencies/{currency}", "/currencies/usd", "/currencies/u", "/currencies/xyz"],
    ["/vat/currencies", "/vat/currencies"],
    ["/versions/current", "/versions/current"],
    ["/versions/detail", "/versions/detail"],
    ["/health", "/health"],
    ["/openapi.json", "/openapi.json"],
  ];
  const later = createApp({ answers: realAnswers("/feeds"), basePath: "/feeds", clock: fixedClock("2030-02-01T12:00:00Z") });
  const failing = createApp({ answers: () => { throw new Error("a fault on purpose"); }, basePath: "/feeds" });
  const ask = (handler: FetchHandler, path: string, init: RequestInit & { client?: string } = {}) =>
    handler(new Request(`http://feed.test/feeds${path}`, init), { clientAddress: () => init.client ?? "192.0.2.1" });

  test.each(ROUTES)("%s: 200, 304 (its ETag and *), 400 for a bad Host, 403, 405, 414, 500, and its own errors", async (template, path, ...errors) => {
    const ok = await ask(app, path);
    const etag = ok.headers.get("etag")!;
    await check(template, ok);
    await check(template, await ask(app, path, { headers: { "if-none-match": etag } }));
    await check(template, await ask(app, path, { headers: { "if-none-match": "*" } }));
    // What Bun hands the handler when the Host header was unusable: a bare path, with the header.
    await check(template, await app({ url: `/feeds${path}`, method: "GET", headers: new Headers({ host: "exa mple" }) } as Request));
    await check(template, await ask(app, path, { client: "203.0.113.7" }));
    await check(template, await ask(app, path, { method: "DELETE" }));
    await check(template, await ask(app, `${path}?${"q".repeat(MAX_URL_LENGTH)}`));
    await check(template, await ask(failing, path));
    for (const error of errors) await check(template, error.startsWith("later:") ? await ask(later, error.slice(6)) : await ask(app, error));
    const statuses = [...seen.get(template)!].sort();
    expect(statuses).toEqual(expect.arrayContaining([200, 304, 400, 403, 405, 414, 500]));
    // Every status the document declares for this route was really sent here.
    expect(statuses).toEqual(Object.keys(doc.paths[template].get.responses).map(Number).sort());
  });
});

