# The portal as one image: the API and the built web app, run by `node apps/server/dist/server.js`.
# Build: podman build -t portal .   (or docker build). Settings come from the environment
# (docs/operations.md); the embedded database and generated files live in the /data volume.

# --- build: every dependency, the web app and the server bundle ---
FROM node:20-bookworm-slim AS build
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
# Only what runs in production stays: no test tools, bundlers or browsers' drivers.
RUN npm prune --omit=dev --no-audit --no-fund

# --- run ---
FROM node:20-bookworm-slim
# pg_dump/pg_restore for `npm run backup` against PostgreSQL (Debian's client, PostgreSQL 15), and tar.
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/* \
  && groupadd --system portal && useradd --system --gid portal --home-dir /app --no-create-home portal \
  && mkdir -p /data && chown portal:portal /data
WORKDIR /app
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
COPY --from=build --chown=root:root /app/package.json /app/package-lock.json ./
COPY --from=build --chown=root:root /app/node_modules node_modules
COPY --from=build --chown=root:root /app/packages/domain packages/domain
COPY --from=build --chown=root:root /app/apps/server/package.json apps/server/
COPY --from=build --chown=root:root /app/apps/server/dist apps/server/dist
# A dependency whose version differs from the one hoisted for the web app stays under the server.
COPY --from=build --chown=root:root /app/apps/server/node_modules apps/server/node_modules
COPY --from=build --chown=root:root /app/apps/web/package.json apps/web/
COPY --from=build --chown=root:root /app/apps/web/dist apps/web/dist
USER portal
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The server applies the migrations at start (under an advisory lock) and stops cleanly on SIGTERM.
CMD ["node", "--enable-source-maps", "apps/server/dist/server.js"]
