# One image for both processes: `node --enable-source-maps dist/server/api.js` (the default) or
# `node --enable-source-maps dist/server/worker.js`. Production runs the compiled JavaScript with plain
# node (scripts/build-server.ts) and the production dependencies of the api and the worker alone; the
# web client is built into web/dist, which the API serves, and its server renderer into web/dist-ssr.
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY domain/package.json domain/
COPY db/package.json db/
COPY runtime/package.json runtime/
COPY api/package.json api/
COPY worker/package.json worker/
COPY web/package.json web/
COPY scripts/lint/package.json scripts/lint/
# The root postinstall applies these (patch-package): the postgres.js fix of docs/operations.md.
COPY patches/ patches/
RUN npm ci --no-audit --no-fund

# Builds the web client and the server, then lays out in /image exactly what the last stage holds
# (scripts/production-layout.ts: the builds, the migrations, the manifests, `npm ci --omit=dev`).
FROM deps AS build
COPY . .
RUN npm run build && npx tsx scripts/production-layout.ts /image

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000
WORKDIR /app
COPY --from=build /image /app
# .data/outbox receives .eml files when no SMTP_URL is set.
RUN mkdir -p /app/.data/outbox && chown -R node:node /app/.data
USER node
EXPOSE 3000
# node itself is PID 1's child (compose sets init: true) and handles SIGTERM: the API drains its
# sockets and requests, the worker finishes its running jobs.
CMD ["node", "--enable-source-maps", "dist/server/api.js"]
