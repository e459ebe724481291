# The site's production image (decision 0044; docs/operations.md, "Running in
# containers"). Not built on the project's own machines, which cannot pull
# images: what is tested there is the start script (scripts/container-start.test.ts).
#
# Build stage: every dependency, the production build (`npm run build`).
FROM node:20-bookworm AS build
WORKDIR /app
# Playwright and its browsers are for tests only; nothing here needs Chromium.
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# Then production dependencies only; better-sqlite3's native module stays as
# built by npm ci (the runtime image is the same Debian release).
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# Runtime stage: Node, production dependencies, the build and the content pages – no compiler, no dev tools.
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/content ./content
COPY --from=build /app/scripts/container-start.mjs ./scripts/container-start.mjs
# var/ holds what the site writes besides the database (simulator state, mail and autogiro files): a volume in compose.yaml.
RUN mkdir -p var && chown node:node var
# The image's own unprivileged user (uid 1000) from the node image.
USER node
EXPOSE 3000
# Liveness: /healthz answers 200 while the database answers.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Waits for PostgreSQL, migrates, then starts build/server-main.js.
CMD ["node", "scripts/container-start.mjs"]
