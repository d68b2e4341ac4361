# One image for every process of the platform: the gateway and, per context, its api and its worker.
# The command is chosen per container, e.g.
#   docker run <image> npx tsx services/identity/src/main.ts     (identity api)
#   docker run <image> npx tsx services/identity/src/worker.ts   (identity worker)
#   docker run <image>                                           (gateway, the default)

# Stage 1: only the npm manifests (root + every workspace), so that `npm ci` below is re-run only when a
# package.json or the lockfile changes, not on every source edit. Found with `find`, so workspaces added
# later (services/sites, ...) need no change here.
FROM node:20-slim AS manifests
WORKDIR /src
COPY . .
RUN mkdir /manifests \
 && cp package.json package-lock.json /manifests/ \
 && find libs services gateway infra -name package.json -not -path '*/node_modules/*' -exec cp --parents {} /manifests/ \;

FROM node:20-slim
WORKDIR /app
# Chromium prints PDF exports (content, CONTENT_PDF_CHROMIUM, docs/adr/0044) with fonts to print with;
# util-linux's setpriv ties integration sandboxes to their process (docs/adr/0043).
RUN apt-get update \
 && apt-get install -y --no-install-recommends chromium fonts-dejavu-core util-linux \
 && rm -rf /var/lib/apt/lists/*
# Listeners bind every interface of the container (outside one, the default is 127.0.0.1; docs/adr/0062).
ENV NODE_ENV=production \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    HOST=0.0.0.0
COPY --from=manifests /manifests/ ./
# tsx (the runtime) is a production dependency; test and lint tooling is left out.
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
# Root-owned and read-only for the process: it runs as the unprivileged `node` user.
COPY . .
USER node
EXPOSE 8080 8081 8082 8083 8084 8085 8086
CMD ["npx", "tsx", "gateway/src/main.ts"]
