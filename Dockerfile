# One image for both processes: `node --import tsx api/src/server.ts` (the default) or
# `node --import tsx worker/src/index.ts`. Server code runs from TypeScript sources through tsx (no
# build step); the web client is built into web/dist, which the API serves.
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

FROM deps AS build
COPY . .
RUN npm run build

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000
WORKDIR /app
COPY --from=build /app /app
# .data/outbox receives .eml files when no SMTP_URL is set.
RUN mkdir -p /app/.data/outbox && chown -R node:node /app/.data
USER node
EXPOSE 3000
# node itself is PID 1's child (compose sets init: true) and handles SIGTERM: the API drains its
# sockets and requests, the worker finishes its running jobs.
CMD ["node", "--import", "tsx", "api/src/server.ts"]
