// Everything the routes answer for one database, prepared when it is opened:
// the VAT feed's rates and currency list, the versions, and the service's own
// page, document and health report. Swapping databases swaps this whole.
import type { FeedData } from "../data/feed-data.ts";
import { prepareService, type ServiceAnswers } from "../service/feed.ts";
import { prepareVat, type VatAnswers } from "../vat/feed.ts";
import { prepareVersions, type VersionAnswers } from "../versions/feed.ts";

export interface Answers {
  buildId: string;
  vat: VatAnswers;
  versions: VersionAnswers;
  service: ServiceAnswers;
}

export function prepareAnswers(data: FeedData, basePath: string): Answers {
  return { buildId: data.buildId, vat: prepareVat(data), versions: prepareVersions(data), service: prepareService(data, basePath) };
}
