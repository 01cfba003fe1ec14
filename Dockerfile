# syntax=docker/dockerfile:1
# layoutd container image: a static-stdlib release build on the official Swift image, run on
# debian:bookworm-slim as a non-root user.
#
#   docker build -t layoutd .
#   docker run --rm -p 8080:8080 layoutd              # flags or LAYOUTD_* variables configure it
#   docker run --rm -p 9000:9000 -e PORT=9000 layoutd --log-level debug
#   docker run --rm -p 9000:9000 layoutd --port 9000    # the healthcheck follows either way
#   docker run --rm -p 8080:8080 -e LAYOUTD_STORE=postgres://user:pass@db:5432/layoutd layoutd   # replicas

# Same Swift release as the project's toolchain (6.3.x); any official 6.x bookworm tag builds it.
ARG SWIFT_IMAGE=swift:6.3-bookworm

# ---------------------------------------------------------------- build
FROM ${SWIFT_IMAGE} AS build
WORKDIR /src
# The manifest first, so a source-only change reuses the dependency layer.
COPY Package.swift ./
RUN swift package resolve
COPY . .
# The shared PostgreSQL layout store (--store) is built in with the PostgresStore trait. This
# command is the one .ci/run step 4 runs: change both together.
RUN swift build -c release --static-swift-stdlib --traits PostgresStore --product layoutd \
 && install -D -m 0755 "$(swift build -c release --static-swift-stdlib --traits PostgresStore --show-bin-path)/layoutd" /out/layoutd

# ---------------------------------------------------------------- runtime
FROM debian:bookworm-slim
# The Swift runtime and Foundation are linked in; glibc, libstdc++ and zlib (libz.so.1, gzip
# bodies) come with the slim image. The build image has zlib1g-dev, as Swift's images all do.
# CA certificates for a store URL with sslmode=require.
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates && rm -rf /var/lib/apt/lists/*
RUN useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin layoutd
COPY --from=build /out/layoutd /usr/local/bin/layoutd
USER layoutd
ENV LAYOUTD_HOST=0.0.0.0 \
    PORT=8080
EXPOSE 8080
# The healthcheck finds the port layoutd listens on from its own sockets (PID 1), so it follows
# --port as well as PORT; no curl in the slim image: bash's /dev/tcp sends one GET /healthz.
COPY deploy/docker/healthcheck /usr/local/bin/layoutd-healthcheck
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
  CMD ["/usr/local/bin/layoutd-healthcheck"]
# layoutd stops accepting, drains in-flight requests (--drain-timeout) and exits 0 on SIGTERM.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/layoutd"]
