import { chromium } from '@playwright/test';
import { chromiumPath, chromiumArgs } from './e2e/chromium.mjs';
import { readdirSync, readFileSync } from 'node:fs';
const base = 'http://localhost:3456';
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
const out = '/tmp/kith-shot';
async function run(viewport, tag, scheme) {
  const ctx = await browser.newContext({ viewport, colorScheme: scheme });
  const page = await ctx.newPage();
  page.on('console', (m) => m.type() === 'error' && console.log(tag, 'console:', m.text()));
  const email = `shot-${tag}-${Date.now()}@example.com`;
  await page.goto(base + '/');
  let r = await page.request.post(base + '/api/v1/auth/signup', {
    data: { name: 'Ada Lovelace', email, password: 'kith-e2e-pass-77' },
  });
  // find code in outbox dir
  await new Promise((res) => setTimeout(res, 500));
  const dir = out + '/data/outbox';
  const files = readdirSync(dir)
    .map((f) => readFileSync(dir + '/' + f, 'utf8'))
    .filter((t) => t.includes(email));
  const code = /\b(\d{6})\b/.exec(files.at(-1))[1];
  r = await page.request.post(base + '/api/v1/auth/verify', { data: { email, otp: code } });
  await page.request.post(base + '/api/v1/contacts', {
    data: {
      firstName: 'Grace',
      lastName: 'Hopper',
      phone: '+1 555 0100',
      email: 'grace@example.com',
    },
  });
  await page.goto(base + '/me');
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${out}/me-${tag}.png`, fullPage: true });
  await page.goto(base + '/');
  await page.waitForTimeout(1000);
  await page.screenshot({ path: `${out}/home-${tag}.png` });
  await ctx.close();
}
await run({ width: 1280, height: 800 }, 'desktop-light', 'light');
await run({ width: 390, height: 844 }, 'phone-dark', 'dark');
await browser.close();
