import type { Handler } from "../../http/handler.ts";
import { ok } from "../../http/prepared.ts";
import type { ServiceContext } from "../feed.ts";

/** GET /openapi.json — the OpenAPI 3.1 document, made from the handlers' own valibot schemas. */
export const openApiJson: Handler<ServiceContext> = (_request, { service }) => ok(service.openApi);
