#!/bin/sh
# Writes .env (beside docker-compose.yml) from .env.example with fresh random secrets, ONCE:
# it refuses to replace an .env, because a new APP_SECRET signs everyone out and leaves their
# authenticator apps unreadable, and new database or storage secrets no longer open the data
# kept in the volumes. docs/deployment.md#the-compose-file
set -eu
cd "$(dirname "$0")/.."
if [ -e .env ]; then
  echo ".env already exists; keep it (see docs/deployment.md). Nothing written." >&2
  exit 1
fi
hex() { openssl rand -hex "$1"; }
umask 077
sed \
  -e "s/^APP_SECRET=\$/APP_SECRET=$(hex 32)/" \
  -e "s/^POSTGRES_PASSWORD=\$/POSTGRES_PASSWORD=$(hex 24)/" \
  -e "s/^GARAGE_RPC_SECRET=\$/GARAGE_RPC_SECRET=$(hex 32)/" \
  -e "s/^S3_ACCESS_KEY_ID=\$/S3_ACCESS_KEY_ID=GK$(hex 12)/" \
  -e "s/^S3_SECRET_ACCESS_KEY=\$/S3_SECRET_ACCESS_KEY=$(hex 32)/" \
  .env.example > .env
echo "Wrote .env with new secrets. Set PUBLIC_URL (and KITH_DOMAIN, SMTP_URL) in it, then: docker compose up -d --build"
