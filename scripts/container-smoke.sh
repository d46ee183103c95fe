#!/usr/bin/env bash
# Builds the portal's image with Debian's podman and checks that it starts healthy as a non-root user and
# stops cleanly. CI (.ci/run) runs it beside the tests; by hand, as root: bash scripts/container-smoke.sh
# On a fresh 2-core machine: apt 1 min, the base image 1 min, the build 2-3 min, the checks 1 min.
# On these machines no container registry is reachable: the base image `node:20-bookworm-slim` is made
# locally with debootstrap (Debian's mirror) and this machine's Node 20, and imported under that name.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v podman >/dev/null || ! command -v runc >/dev/null || ! command -v debootstrap >/dev/null; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman runc debootstrap >/dev/null
fi

BASE=docker.io/library/node:20-bookworm-slim
# The base carries this machine's certificate authorities (their digest is a label of the image): a base made
# before, or with other authorities, is made again rather than trusted to reach the registry.
CA_BUNDLE=/etc/ssl/certs/ca-certificates.crt
CA_DIGEST=$(sha256sum "$CA_BUNDLE" | cut -d' ' -f1)
if [ "$(podman image inspect "$BASE" --format '{{index .Labels "ca.digest"}}' 2>/dev/null)" != "$CA_DIGEST" ]; then
  rootfs=$(mktemp -d)
  debootstrap --variant=minbase bookworm "$rootfs" http://deb.debian.org/debian >/dev/null
  node_bin=$(readlink -f "$(command -v node)")
  npm_dir=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")
  mkdir -p "$rootfs/usr/local/bin" "$rootfs/usr/local/lib/node_modules"
  cp "$node_bin" "$rootfs/usr/local/bin/node"
  cp -a "$npm_dir" "$rootfs/usr/local/lib/node_modules/npm"
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
  # This machine reaches the npm registry through its own certificate authorities: the image must too.
  # A minimal Debian has no /etc/ssl/certs folder: make it, and fail here rather than at the image's npm install.
  mkdir -p "$rootfs/etc/ssl/certs"
  cp "$CA_BUNDLE" "$rootfs/etc/ssl/certs/ca-certificates.crt"
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb
  tar -C "$rootfs" -c . | podman import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
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
