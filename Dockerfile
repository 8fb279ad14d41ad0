# Balcão's image, made from the release `npm run package` writes (docs/decisions/045):
#   npm run package && docker build -t balcao .
#   npm run package && podman build --format docker -t balcao .   # podman's default format drops HEALTHCHECK
# `npm run test:container` builds this file as it is with podman and runs the image: non-root,
# /readyz, /data kept by a new container on the same volume, bin/balcao backup --verify and doctor
# inside, the HEALTHCHECK. Its FROM there is a stand-in made from Debian and the npm registry (no
# registry is reachable on this project's machines); operators pull the real one.
# Debian 13 (trixie): its postgresql-client-17 gives pg_dump and pg_restore of compose.yaml's
# PostgreSQL 17, which `bin/balcao backup` and BACKUP_SCHEDULE need (a pg_dump older than the server
# refuses it).

# The archive, unpacked apart: the image takes its files, not the archive itself. .dockerignore sends
# only the archive; exactly one version of it must be there.
FROM node:24-trixie-slim AS release
COPY balcao-*.tar.gz /tmp/
RUN set -eu; \
    count="$(ls /tmp/balcao-*.tar.gz | wc -l)"; \
    if [ "$count" -ne 1 ]; then echo "expected one balcao-<version>.tar.gz (npm run package), found $count" >&2; exit 1; fi; \
    mkdir -p /opt/balcao; \
    tar xzf /tmp/balcao-*.tar.gz --strip-components=1 --no-same-owner -C /opt/balcao

FROM node:24-trixie-slim

ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    BACKUP_DIR=/data/backups

WORKDIR /opt/balcao

# What no release changes comes first, so the next build reuses it: the PostgreSQL client and the
# user the server runs as, with a fixed uid and gid (999, what the first images gave it): a host
# directory chowned to it stays the server's through every rebuild and base image.
RUN set -eu; \
    apt-get update; \
    apt-get install -y --no-install-recommends postgresql-client-17; \
    rm -rf /var/lib/apt/lists/*; \
    groupadd --system --gid 999 balcao; \
    useradd --system --uid 999 --gid balcao --home-dir /data --shell /usr/sbin/nologin balcao; \
    mkdir -p /data; \
    chown balcao:balcao /data; \
    chmod 0700 /data

# The production dependencies from the release's package.json and lockfile alone, so a release with
# the same ones reuses this layer; --omit=optional drops the build tools npm would otherwise keep as
# optional peers of better-auth (docs/decisions/044). Then the rest of the release.
COPY --from=release /opt/balcao/package.json /opt/balcao/package-lock.json ./
RUN npm ci --omit=dev --omit=optional --no-audit --no-fund && npm cache clean --force
COPY --from=release /opt/balcao/ ./

# The code stays root's and read-only to the server: DATA_DIR is all it writes (the embedded
# database, local files, generated secrets, its lock, backups). A named volume starts as the image's
# /data (balcao's, 0700); a host directory must be chowned to balcao's uid and gid, 999.
USER balcao
VOLUME ["/data"]
EXPOSE 3000

# /readyz answers 200 only while the database does; Node's own fetch, nothing else installed.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# bin/balcao finds node_modules installed and execs Node, which stops cleanly on SIGTERM.
CMD ["bin/balcao"]
