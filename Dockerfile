# syntax=docker/dockerfile:1
# Two stages: the first installs and builds the read-only database from the
# snapshot in db/upstream; the second carries only what serving needs, and
# runs it as the unprivileged `bun` user.
FROM oven/bun:1.4.5 AS build
WORKDIR /app
COPY package.json bun.lock bunfig.toml tsconfig.json drizzle.config.ts ./
COPY src ./src
COPY db ./db
# Production dependencies only; the postinstall step builds db/feed.sqlite.
RUN bun install --frozen-lockfile --production

FROM oven/bun:1.4.5-slim
WORKDIR /app
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/src ./src
COPY --from=build /app/db/feed.sqlite ./db/feed.sqlite
USER bun
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s --start-period=5s --retries=3 \
  CMD ["bun", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/health`).then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["bun", "src/server.ts"]
