import { reusable, WHILE_DATABASE_LASTS } from "../../http/answer-cache.ts";
import { VERSIONS } from "../../http/caching.ts";
import type { Handler } from "../../http/context.ts";
import { serialise } from "../../http/prepared-body.ts";
import { openApiDocument } from "../openapi.ts";

/** GET /openapi.json — the OpenAPI 3.1 document, made from the handlers' own valibot schemas. */
export const openApiJson: Handler = (request, { store, clock, basePath }) =>
  reusable(request, { cacheControl: VERSIONS, ...WHILE_DATABASE_LASTS }, clock(), () => serialise(openApiDocument(basePath), store.buildId));
