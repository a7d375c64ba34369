import type { Handler } from "../../http/handler.ts";
import { ok } from "../../http/prepared.ts";
import type { VersionsContext } from "../feed.ts";

/** GET /versions/detail — release and nightly version of each product, with dates. */
export const versionsDetail: Handler<VersionsContext> = (_request, { versions }) => ok(versions.detail);
