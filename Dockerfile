# syntax=docker/dockerfile:1
# Rumbo's image (ADR 0034). Its steps are the release script's, the same CI runs without a Docker engine
# (`node scripts/release.mjs check`): `npm ci && npm run build`, then `node scripts/release.mjs package`
# (the builds, the migrations and production dependencies only), then `npm start`.
# Node 20: the major CI tests (README, 'The runtime').
ARG NODE_IMAGE=node:20.20-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /src
# node-llama-cpp (AI_PROVIDER=local) is not part of the install (ADR 0010).
ENV NODE_LLAMA_CPP_SKIP_DOWNLOAD=true
COPY . .
RUN npm ci --no-audit --no-fund \
  && npm run build \
  && node scripts/release.mjs package /release

FROM ${NODE_IMAGE}
# pg_dump and pg_restore for `npm run backup` / `npm run restore` with DATABASE_URL (PostgreSQL 15, as
# compose.yaml and CI run).
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=root:root /release /app
RUN mkdir -p /data && chown node:node /data
# The image's own unprivileged user: it owns only the data volume.
USER node
VOLUME /data
EXPOSE 3000
# Ready, not only alive: the database answers, migrations are applied, the job queue runs (ADR 0035).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# npm hands SIGTERM to the server, which finishes in-flight requests and stops cleanly (README, 'Run it').
CMD ["npm", "start"]
