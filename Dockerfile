# The marketplace as one image: the H5 client and the staff console built in, the server run by Node LTS as a
# non-root user with production dependencies only. See DEPLOY.md.

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# npm install, not npm ci: Taro 4.2.1's optional native bindings are taken from the lockfile.
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build:h5 && npm run build:admin && npm prune --omit=dev --no-audit --no-fund

FROM node:22-bookworm-slim
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json /app/tsconfig.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist/h5 ./dist/h5
COPY --from=build --chown=node:node /app/dist/admin ./dist/admin
COPY --from=build --chown=node:node /app/server ./server
# The server reads the H5's route table (its pages, titles and redirects) and the contract from src/.
COPY --from=build --chown=node:node /app/src/contract ./src/contract
COPY --from=build --chown=node:node /app/src/routes.ts ./src/
COPY --from=build --chown=node:node /app/scripts/backup.ts /app/scripts/ledger-verify.ts ./scripts/
RUN mkdir -p /data/uploads && chown -R node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:3000/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# SIGTERM drains: requests in hand finish, sockets are told 1001, then the process exits.
STOPSIGNAL SIGTERM
CMD ["node", "--import", "tsx", "server/main.ts"]
