// Reads a sign-up code from the server's development outbox ($DATA_DIR/outbox: one JSON file
// per message, the code in the subject), as a person would read it from their mail.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export async function waitForCode(to: string, timeoutMs = 10_000): Promise<string> {
  const dir = process.env.KITH_OUTBOX ?? '';
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = await readdir(dir).catch(() => [] as string[]);
    for (const file of files.filter((name) => name.endsWith('.json'))) {
      const message = JSON.parse(await readFile(join(dir, file), 'utf8')) as {
        to: string;
        subject: string;
      };
      const code = message.to === to ? /\b(\d{6})\b/.exec(message.subject)?.[1] : undefined;
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code for ${to} in ${dir}`);
}
