# syntax=docker/dockerfile:1
# Kith's image (docs/deployment.md#the-image): the server bundle, the production packages it
# loads at run time, its migrations and the built web app, run by Node as an unprivileged user.
# The build stage installs the whole workspace and builds it; only what the server runs leaves it.

# Node 24 LTS (security fixes until April 2028) on Debian 12, pinned so a rebuild runs the same
# Node; raise the patch version with Node's security releases.
ARG NODE_IMAGE=node:24.19.0-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /src
RUN npm install --global pnpm@10.34.9
# The lockfile alone decides what is downloaded, so a change of code reuses this layer.
COPY pnpm-lock.yaml pnpm-workspace.yaml .pnpmfile.cjs ./
COPY patches ./patches
RUN pnpm fetch
COPY . .
RUN pnpm install --offline --frozen-lockfile && pnpm build
# The server's production packages only (no dev tools, no other workspace's packages), resolved
# from the same lockfile: a copy of @kith/server with its own node_modules.
RUN pnpm --config.inject-workspace-packages=true --filter @kith/server deploy --prod --offline /deploy

FROM ${NODE_IMAGE}
# `pnpm backup` of a PostgreSQL deployment runs pg_dump, which must be of the server's major
# version or newer (docs/backups.md): the compose file's PostgreSQL is 16, newer than Debian
# 12's client, so the client comes from PostgreSQL's own apt repository (its key ships in
# Debian's postgresql-common). Raise PG_CLIENT_MAJOR with the database.
ARG PG_CLIENT_MAJOR=16
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates postgresql-common \
 && /usr/share/postgresql-common/pgdg/apt.postgresql.org.sh -y \
 && apt-get install -y --no-install-recommends postgresql-client-${PG_CLIENT_MAJOR} \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data WEB_DIST_DIR=/app/web
WORKDIR /app
# Owned by root and read-only to the server: it cannot change its own code.
COPY --from=build /deploy/package.json ./package.json
COPY --from=build /deploy/node_modules ./node_modules
# The bundle, its source map, the backup command (dist/cli.js), the PGlite worker and the
# migrations (apps/server/build.mjs).
COPY --from=build /src/apps/server/dist ./dist
COPY --from=build /src/apps/web/dist ./web
# The data folder (embedded database, uploads, dev outbox) belongs to `node` (uid 1000, made by
# the base image); a new named volume takes this ownership.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:3000/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Node is PID 1 itself (no shell, no pnpm in between), so `docker stop`'s SIGTERM reaches the
# server, which finishes its requests and closes the database before it exits.
# --max-semi-space-size=1: V8's young generation kept at 1 MB a half, not grown to 16 MB by the
# start, in both threads (docs/performance.md#memory).
CMD ["node", "--enable-source-maps", "--max-semi-space-size=1", "dist/main.js"]
