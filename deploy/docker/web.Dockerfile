# syntax=docker/dockerfile:1
# The web image: the SPA built by Node, served by nginx (deploy/nginx) as a non-root user.
# Build from the repository root:
#   docker build -f deploy/docker/web.Dockerfile -t mtaani/web:0.1.0 .
#
# Stages: deps (npm ci: its own layer, rebuilt only when the lock file changes) -> build
# (tsc + vite, then every text file also gzipped for gzip_static) -> nginx-unprivileged.

ARG NODE_VERSION=20.20
ARG NGINX_VERSION=1.28

FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /web
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 \
    npm_config_update_notifier=false
COPY web/package.json web/package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY web/ ./
RUN npm run build \
    && find dist -type f \( -name '*.js' -o -name '*.css' -o -name '*.html' -o -name '*.svg' \
         -o -name '*.json' -o -name '*.txt' \) -size +1k -exec gzip -9 -k -n {} +

# Alpine nginx that runs as user 101, listens on 8080 and renders /etc/nginx/templates/*.template
# with envsubst at start.
FROM nginxinc/nginx-unprivileged:${NGINX_VERSION}-alpine AS web
# The defaults of every placeholder in mtaani.conf.template; Kubernetes sets the cluster-specific
# ones (deploy/k8s/base: ConfigMap web). Only MTAANI_* names are substituted, so nginx's own
# $variables stay as they are.
ENV NGINX_ENVSUBST_FILTER=^MTAANI_ \
    MTAANI_LISTEN=8080 \
    MTAANI_GATEWAY=gateway:8080 \
    MTAANI_WEB_ROOT=/usr/share/nginx/html \
    MTAANI_REAL_IP_FROM=10.0.0.0/8 \
    MTAANI_HSTS= \
    MTAANI_SNIPPETS_DIR=/etc/nginx/mtaani.d
USER root
RUN rm -f /etc/nginx/conf.d/default.conf \
    && rm -rf /usr/share/nginx/html/* \
    && mkdir -p /etc/nginx/mtaani.d
COPY deploy/nginx/nginx.conf /etc/nginx/nginx.conf
COPY deploy/nginx/mtaani.conf.template /etc/nginx/templates/mtaani.conf.template
COPY --from=build /web/dist /usr/share/nginx/html
USER 101
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s --start-period=5s --retries=3 \
    CMD wget -q -O /dev/null http://127.0.0.1:8080/healthz || exit 1
