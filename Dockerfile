# Two stages: the first installs the production dependencies, builds the
# read-only database from the snapshot in db/upstream and bundles the server
# and its health command; the second carries only those bundles and the
# database, and runs as the unprivileged `bun` user.
#
# Reproducible: pass the commit's time, and two builds of one commit give the
# same database byte for byte:
#   docker build --build-arg SOURCE_DATE_EPOCH=$(git log -1 --format=%ct) -t feed-service .
# To pin the base images, append their digests to the tags below
# (oven/bun:1.4.5@sha256:…, from `docker buildx imagetools inspect oven/bun:1.4.5`).
FROM oven/bun:1.4.5 AS build
WORKDIR /app
# Dependencies first, from the lockfile alone: a change to code or data does not reinstall them.
# Production ones only (the bundle and the build need no dev tools); no scripts (the database is built below).
COPY package.json bun.lock bunfig.toml ./
RUN bun install --frozen-lockfile --production --ignore-scripts
COPY tsconfig.json drizzle.config.ts ./
COPY src ./src
COPY db ./db
ARG SOURCE_DATE_EPOCH
RUN bun run db:build && bun run build

FROM oven/bun:1.4.5-slim
WORKDIR /app
# LISTEN_FILE: where the server writes the URL it listens on, which the health command reads.
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 LISTEN_FILE=/tmp/feed-service.url
# The bundles hold every dependency, with their compiled bytecode; the server finds db/ beside dist/.
COPY --from=build /app/dist ./dist
COPY --from=build /app/db/feed.sqlite ./db/feed.sqlite
USER bun
EXPOSE 3000
# Asks /health the way the server really listens (PORT, HOST, BASE_PATH, TLS): see src/healthcheck.ts.
HEALTHCHECK --interval=30s --timeout=3s --start-period=5s --retries=3 CMD ["bun", "dist/healthcheck.js"]
CMD ["bun", "dist/server.js"]
