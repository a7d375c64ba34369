import type { Handler } from "../../http/handler.ts";
import { ok } from "../../http/prepared.ts";
import type { VersionsContext } from "../feed.ts";

/** GET /versions/current — the released version of each product. */
export const versionsCurrent: Handler<VersionsContext> = (_request, { versions }) => ok(versions.current);
