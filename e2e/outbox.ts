import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  sentAt: string;
}

/**
 * The dev outboxes of the servers under test (one JSON file per message): the suite's, and
 * the embedded database's server when there is one (playwright.config.ts).
 */
function outboxDirs(): string[] {
  const dataDir = process.env.KITH_E2E_DATA_DIR;
  if (!dataDir) throw new Error('KITH_E2E_DATA_DIR is not set (see playwright.config.ts)');
  const embedded = process.env.KITH_E2E_EMBEDDED_DATA_DIR;
  return [dataDir, ...(embedded ? [embedded] : [])].map((dir) => join(dir, 'outbox'));
}

function messagesIn(dir: string): OutboxMessage[] {
  let files: string[] = [];
  try {
    files = readdirSync(dir);
  } catch {
    return [];
  }
  return files
    .filter((file) => file.endsWith('.json'))
    .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as OutboxMessage);
}

function messagesTo(email: string): OutboxMessage[] {
  return outboxDirs()
    .flatMap(messagesIn)
    .filter((message) => message.to === email)
    .sort((a, b) => a.sentAt.localeCompare(b.sentAt));
}

/**
 * Waits for the count of messages to `email` whose subject matches to reach `count`, and
 * returns the code in the newest one's subject.
 */
export async function codeFromOutbox(email: string, subject: RegExp, count = 1): Promise<string> {
  let code = '';
  await expect
    .poll(() => {
      const matching = messagesTo(email).filter((message) => subject.test(message.subject));
      code = /\b(\d{6})\b/.exec(matching.at(-1)?.subject ?? '')?.[1] ?? '';
      return matching.length;
    })
    .toBeGreaterThanOrEqual(count);
  return code;
}
