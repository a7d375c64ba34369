// `import db from "./file.sqlite" with { type: "sqlite" }` gives a bun:sqlite Database.
declare module "*.sqlite" {
  const database: import("bun:sqlite").Database;
  export default database;
}
