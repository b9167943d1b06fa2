# syntax=docker/dockerfile:1
# The web images, from one build: `web`, the SPA served by nginx (deploy/nginx) as a non-root user,
# and `renderer`, the page renderer (web/src/server) on Node, which nginx asks for the pages'
# documents. Build from the repository root:
#   docker build -f deploy/docker/web.Dockerfile -t mtaani/web:0.1.0 .
#   docker build -f deploy/docker/web.Dockerfile --target renderer -t mtaani/renderer:0.1.0 .
#
# Stages: deps (npm ci: its own layer, rebuilt only when the lock file changes) -> build
# (tsc + vite for the browser and for the renderer, then every text file also gzipped for
# gzip_static) -> renderer (Node, the one bundled file and the two documents) and web
# (nginx-unprivileged, the last stage: the default target).

ARG NODE_VERSION=20.20
ARG NGINX_VERSION=1.28

FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /web
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 \
    npm_config_update_notifier=false
COPY web/package.json web/package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
# The category tree and towns: the contract's data file, which src/config imports, with its titles in
# Kiswahili (which catalog-svc's search reads too); the Kiswahili of the API's texts, which the build
# reads beside the app's own (one store with the gateway).
COPY proto/catalog/v1/categories.json proto/catalog/v1/categories.sw.json /proto/catalog/v1/
COPY proto/i18n/sw.json /proto/i18n/sw.json
COPY web/ ./
RUN npm run build \
    && find dist -type f \( -name '*.js' -o -name '*.css' -o -name '*.html' -o -name '*.svg' \
         -o -name '*.json' -o -name '*.txt' \) -size +1k -exec gzip -9 -k -n {} +

# The renderer: the server and the app for it per language, bundled (React, the router and the app
# inside: no node_modules), and the two documents it fills per language (index.html,
# server-rendered.html; Kiswahili's in dist/sw/), as Node's unprivileged user.
FROM node:${NODE_VERSION}-bookworm-slim AS renderer
ENV NODE_ENV=production \
    RENDERER_LISTEN=0.0.0.0:8080 \
    GATEWAY_URL=http://gateway:8080 \
    WEB_DIST=/app/dist
WORKDIR /app
COPY --from=build /web/dist-server/renderer.mjs /web/dist-server/app.en.mjs /web/dist-server/app.sw.mjs /app/
COPY --from=build /web/dist/index.html /web/dist/server-rendered.html /app/dist/
COPY --from=build /web/dist/sw/index.html /web/dist/sw/server-rendered.html /app/dist/sw/
USER 1000
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s --start-period=5s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:8080/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "/app/renderer.mjs"]

# Alpine nginx that runs as user 101, listens on 8080 and renders /etc/nginx/templates/*.template
# with envsubst at start.
FROM nginxinc/nginx-unprivileged:${NGINX_VERSION}-alpine AS web
# The defaults of every placeholder in mtaani.conf.template; Kubernetes sets the cluster-specific
# ones (deploy/k8s/base: ConfigMap web). Only MTAANI_* names are substituted, so nginx's own
# $variables stay as they are.
ENV NGINX_ENVSUBST_FILTER=^MTAANI_ \
    MTAANI_LISTEN=8080 \
    MTAANI_GATEWAY=gateway:8080 \
    MTAANI_RENDERER=renderer:8080 \
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
