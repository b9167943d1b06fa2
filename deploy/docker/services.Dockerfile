# syntax=docker/dockerfile:1
# The Rust images: one file, one target per binary, sharing one cached build of the workspace.
# Build from the repository root (the context .dockerignore keeps target/, web/ output and data out):
#   docker build -f deploy/docker/services.Dockerfile --target catalog-svc -t mtaani/catalog-svc:0.1.0 .
# or all six images at once: docker buildx bake -f deploy/docker/docker-bake.hcl
#
# Stages: chef (toolchain + cargo-chef) -> planner (the dependency recipe: manifests and lock file
# only) -> builder (dependencies compiled in their own layer, rebuilt only when the recipe changes;
# then our crates) -> runtime (distroless, non-root, no shell) -> one target per binary.

# The toolchain of rust-toolchain.toml (deploy/validate.sh checks they agree).
ARG RUST_VERSION=1.95.0
ARG CARGO_CHEF_VERSION=0.1.78

FROM rust:${RUST_VERSION}-slim-bookworm AS chef
ARG RUST_VERSION
ARG CARGO_CHEF_VERSION
# The image's toolchain, not rust-toolchain.toml's: that file also asks for rustfmt and clippy,
# which a release build does not need.
ENV RUSTUP_TOOLCHAIN=${RUST_VERSION} \
    CARGO_TERM_COLOR=never \
    CARGO_INCREMENTAL=0
RUN cargo install cargo-chef --locked --version "${CARGO_CHEF_VERSION}"
WORKDIR /src

FROM chef AS planner
COPY Cargo.toml Cargo.lock rust-toolchain.toml ./
COPY proto proto
COPY gateway gateway
COPY accounts-svc accounts-svc
COPY catalog-svc catalog-svc
COPY booking-svc booking-svc
COPY messaging-svc messaging-svc
RUN cargo chef prepare --recipe-path recipe.json

FROM chef AS builder
COPY --from=planner /src/recipe.json recipe.json
# Every dependency of the workspace, release profile, exactly as locked. protoc comes vendored
# (protoc-bin-vendored); SQLite and libwebp are compiled from source and linked statically.
RUN cargo chef cook --release --locked --workspace --recipe-path recipe.json
COPY Cargo.toml Cargo.lock rust-toolchain.toml ./
COPY proto proto
COPY gateway gateway
COPY accounts-svc accounts-svc
COPY catalog-svc catalog-svc
COPY booking-svc booking-svc
COPY messaging-svc messaging-svc
RUN cargo build --release --locked --workspace --exclude mtaani --bins \
    && mkdir -p /out \
    && cp target/release/gateway target/release/accounts-svc target/release/catalog-svc \
          target/release/booking-svc target/release/messaging-svc /out/

# glibc, libgcc and CA certificates; no shell, no package manager; user nonroot (65532).
FROM gcr.io/distroless/cc-debian12:nonroot AS runtime
# The only writable place in Kubernetes is the /tmp emptyDir; nothing lasting is kept there when
# DATABASE_URL (and MEDIA_S3_BUCKET for photos) are set.
ENV DATA_DIR=/tmp/mtaani \
    RUST_LOG=info
USER 65532:65532
# No HEALTHCHECK: there is no shell or probe binary to run one. Kubernetes probes grpc.health.v1
# natively (deploy/k8s); under plain Docker use `grpc_health_probe` from outside the container.

FROM runtime AS accounts-svc
COPY --from=builder /out/accounts-svc /usr/local/bin/accounts-svc
ENV ACCOUNTS_LISTEN=0.0.0.0:50051
EXPOSE 50051
ENTRYPOINT ["/usr/local/bin/accounts-svc"]

FROM runtime AS catalog-svc
COPY --from=builder /out/catalog-svc /usr/local/bin/catalog-svc
ENV CATALOG_LISTEN=0.0.0.0:50052
EXPOSE 50052
ENTRYPOINT ["/usr/local/bin/catalog-svc"]

FROM runtime AS booking-svc
COPY --from=builder /out/booking-svc /usr/local/bin/booking-svc
ENV BOOKING_LISTEN=0.0.0.0:50053
EXPOSE 50053
ENTRYPOINT ["/usr/local/bin/booking-svc"]

FROM runtime AS messaging-svc
COPY --from=builder /out/messaging-svc /usr/local/bin/messaging-svc
ENV MESSAGING_LISTEN=0.0.0.0:50054
EXPOSE 50054
ENTRYPOINT ["/usr/local/bin/messaging-svc"]

# The gateway serves only the API here: the web image (nginx) serves the app.
FROM runtime AS gateway
COPY --from=builder /out/gateway /usr/local/bin/gateway
ENV GATEWAY_LISTEN=0.0.0.0:8080
EXPOSE 8080
ENTRYPOINT ["/usr/local/bin/gateway"]
