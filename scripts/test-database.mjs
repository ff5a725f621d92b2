// Creates or drops the PostgreSQL database a CI run tests against (see .ci/run).
// Usage: node scripts/test-database.mjs create|drop <server-url> <name>
import { createRequire } from 'node:module';

const require = createRequire(new URL('../packages/db/package.json', import.meta.url));
const postgres = require('postgres');

const [action, serverUrl, name] = process.argv.slice(2);
if (!['create', 'drop'].includes(action) || !serverUrl || !/^[a-z0-9_]+$/.test(name ?? '')) {
  console.error('usage: node scripts/test-database.mjs create|drop <server-url> <name>');
  process.exit(2);
}

const sql = postgres(serverUrl, { max: 1, onnotice: () => {} });
try {
  if (action === 'create') await sql.unsafe(`create database ${name}`);
  else await sql.unsafe(`drop database if exists ${name} with (force)`);
} finally {
  await sql.end({ timeout: 5 });
}
