# The console and its API server in one image; see docker-compose.yml for it beside PostgreSQL.
FROM node:20-bookworm
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
ENV HOST=0.0.0.0 PORT=8080 DATA_DIR=/data
EXPOSE 8080
CMD ["npm", "start"]
