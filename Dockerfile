# One instance of the service: the bundled server (npm run build → dist/server.mjs).
FROM node:24-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund

FROM deps AS build
COPY src ./src
COPY scripts/build.ts ./scripts/build.ts
# The build checks the dataset and stamps it (dist/dataset-stamps/), so the
# server skips those checks at start (docs/PERFORMANCE.md, "Start-up"); it then
# starts the server once, so Node's compile cache (dist/compile-cache/) holds
# the compiled bundle for the container's first start.
COPY data/dataset.json data/federal.json ./data/
COPY data/jurisdictions ./data/jurisdictions
RUN node scripts/build.ts

FROM node:24-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
# Modules left out of the bundle (Scalar's reference, pg, nodemailer) load from node_modules.
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
# The website's assets are read from src/web/assets; the scripts (migrate, release) run from source.
COPY src ./src
COPY scripts ./scripts
COPY data ./data
# The codebook page (/data/codebook) renders the dataset's documentation.
COPY docs/DATA.md ./docs/DATA.md
# The embedded SQLite default writes var/; with DATABASE_URL=postgres://… it stays empty.
RUN mkdir -p var && chown node:node var
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/server.mjs"]
