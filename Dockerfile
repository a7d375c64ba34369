# syntax=docker/dockerfile:1
# Two stages: the first installs, builds the read-only database from the
# snapshot in db/upstream and bundles the server into one file; the second
# carries only that bundle and the database, and runs as the unprivileged
# `bun` user.
FROM oven/bun:1.4.5 AS build
WORKDIR /app
COPY package.json bun.lock bunfig.toml tsconfig.json drizzle.config.ts ./
COPY src ./src
COPY db ./db
# The postinstall step builds db/feed.sqlite; `build` writes dist/server.js and its bytecode.
RUN bun install --frozen-lockfile && bun run build

FROM oven/bun:1.4.5-slim
WORKDIR /app
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0
# The bundle holds every dependency, and its compiled bytecode (server.js.jsc)
# saves a third of the start-up; it finds db/ beside dist/.
COPY --from=build /app/dist ./dist
COPY --from=build /app/db/feed.sqlite ./db/feed.sqlite
USER bun
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s --start-period=5s --retries=3 \
  CMD ["bun", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/health`).then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["bun", "dist/server.js"]
