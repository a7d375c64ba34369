// The OpenAPI 3.1 document, generated from the same valibot schemas the
// handlers and tests use, so the description cannot drift from the answers.
// Every status and header the server sends is declared, because client
// generators and API testers read the document literally.
import { DATED_RATE, NO_STORE, VERSIONS } from "../http/caching.ts";
import { jsonOf, operation } from "./openapi-operation.ts";
import { components, type Json } from "./openapi-parts.ts";
import { VAT_PATHS } from "./openapi-vat.ts";
import { YEARLY_PATHS } from "./openapi-yearly.ts";

const PATHS = {
  ...VAT_PATHS,
  ...YEARLY_PATHS,
  "/versions/current": operation({
    id: "getCurrentVersions",
    tag: "versions",
    summary: "The released version of DataTables and each extension",
    description: "Keyed by product name (DataTables and its 18 extensions, CardView included); the latest release of each on npm (datatables.net and datatables.net-*).",
    example: "/versions/current",
    ok: { description: "Versions by product", cacheControl: VERSIONS, content: jsonOf("CurrentVersions", { DataTables: "3.1.5", Buttons: "4.1.1" }) },
  }),
  "/versions/detail": operation({
    id: "getVersionDetails",
    tag: "versions",
    summary: "Release and nightly versions with their publish dates",
    description: "Keyed by product name (DataTables and its 18 extensions): the release is npm's latest, with its publish time; the nightly is the version in package.json at the head of the product's GitHub repository, with that commit's date, or the release when that is older. Dates are ISO 8601 with a UTC offset.",
    example: "/versions/detail",
    ok: {
      description: "Versions by product",
      cacheControl: VERSIONS,
      content: jsonOf("VersionDetails", {
        DataTables: { release: { version: "3.1.5", date: "2026-10-30T09:32:47+00:00" }, nightly: { version: "3.2.0-dev", date: "2026-11-20T08:14:03+00:00" } },
        Editor: { release: { version: "3.1.0", date: "2026-09-22T17:02:11+00:00" }, nightly: { version: "3.1.0", date: "2026-09-22T17:02:11+00:00" } },
      }),
    },
  }),
  "/health": operation({
    id: "getHealth",
    tag: "service",
    summary: "For load balancers and monitors: the database served and its coverage",
    description: "Never cached. A server that answers at all has a whole database loaded, so this is a 200 whenever it answers.",
    example: "/health",
    ok: { description: "Serving", cacheControl: NO_STORE, content: jsonOf("Health") },
  }),
  "/openapi.json": operation({
    id: "getOpenApiDocument",
    tag: "service",
    summary: "This document",
    description: "The OpenAPI 3.1 description of every route, generated from the schemas the server validates with.",
    example: "/openapi.json",
    ok: { description: "OpenAPI 3.1", cacheControl: VERSIONS, content: { "application/json": { schema: { type: "object", additionalProperties: true, description: "An OpenAPI 3.1 document" } } } },
  }),
};

export function openApiDocument(basePath: string): Json {
  return {
    openapi: "3.1.0",
    info: {
      title: "Feed service: HMRC VAT exchange rates and DataTables versions",
      version: "1.0.0",
      description:
        "HMRC's published VAT period exchange rates (currency units per £1; sterling = amount ÷ rate), its yearly average and spot rates, and the current DataTables versions. Not an official HMRC service. CORS: any origin may read every route; every answer carries Access-Control-Allow-Origin: * and exposes ETag, and a preflight (OPTIONS asking for GET or HEAD, on any route) is answered 204 with Access-Control-Allow-Methods: GET, HEAD, the headers asked for in Access-Control-Allow-Headers, and Access-Control-Max-Age. The rates are Crown copyright and contain public sector information licensed under the Open Government Licence v3.0 (https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/).",
      // Whoever runs a server answers for it; the page at its root says what it serves.
      contact: { name: "feed-service maintainers" },
      license: { name: "MIT (the service); the HMRC data: Open Government Licence v3.0", identifier: "MIT" },
    },
    servers: [{ url: basePath || "/", description: "This server" }],
    // A public API: no operation asks for credentials.
    security: [],
    tags: [
      { name: "vat", description: "HMRC VAT period exchange rates" },
      { name: "yearly", description: "HMRC's yearly average and spot rates, for annual accounts and Self Assessment" },
      { name: "versions", description: "DataTables and its extensions on npm" },
      { name: "service", description: "This service: health and documentation" },
    ],
    paths: PATHS,
    components: components(),
  };
}
