// The versions feed's response shapes, as valibot schemas (tests and OpenAPI).
import * as v from "valibot";

const release = v.pipe(v.string(), v.regex(/^\d+\.\d+\.\d+$/), v.examples(["3.1.5"]));
const anyVersion = v.pipe(v.string(), v.regex(/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/), v.examples(["3.2.0-dev"]));
const utcDate = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/), v.description("npm publish time, ISO 8601 with a UTC offset"), v.examples(["2026-10-30T09:32:47+00:00"]));

export const CurrentVersionsSchema = v.pipe(
  v.record(v.string(), release),
  v.title("CurrentVersions"),
  v.description("Released version of each product, keyed by product name (DataTables, AutoFill, Buttons…)"),
);

export const ReleaseSchema = v.pipe(v.strictObject({ version: release, date: utcDate }), v.title("Release"), v.description("The newest release on npm"));
export const NightlySchema = v.pipe(v.strictObject({ version: anyVersion, date: utcDate }), v.title("Nightly"), v.description("The nightly build: the version in package.json at the head of the product's public GitHub repository, dated by that commit; the release itself when that is older than the release (and for Editor, which has no public repository)"));

export const VersionDetailSchema = v.pipe(v.strictObject({ release: ReleaseSchema, nightly: NightlySchema }), v.title("VersionDetail"), v.description("One product's release and nightly"));

export const VersionDetailsSchema = v.pipe(
  v.record(v.string(), VersionDetailSchema),
  v.title("VersionDetails"),
  v.description("Release and nightly version of each product, with publish dates"),
);

export type VersionDetail = v.InferOutput<typeof VersionDetailSchema>;
