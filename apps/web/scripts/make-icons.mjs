/**
 * Draws the app's install icons from the Kith mark (public/favicon.svg, the same drawing as
 * src/components/logo.tsx) into public/icons/: 192 and 512 px for the web manifest, a 512 px
 * maskable one whose mark sits inside the safe zone (the middle 80 %, W3C Web App Manifest,
 * "icon masks"), and a 180 px apple-touch-icon. Run by hand when the mark changes
 * (`node apps/web/scripts/make-icons.mjs`); the PNGs are committed, so a build needs no browser.
 * Chromium draws them (the e2e tests' browser), so no image library is needed.
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../../../e2e/chromium.mjs';

const webDir = resolve(import.meta.dirname, '..');
const mark = await readFile(join(webDir, 'public/favicon.svg'), 'utf8');
/** The theme colour behind a maskable icon, so any mask shape shows no gap. */
const BRAND = '#0c8599';

const icons = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon-180.png', size: 180, maskable: true },
];

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  for (const { file, size, maskable } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    // A maskable icon fills its square with the brand colour and draws the mark at 70 %: the
    // mark's rounded square then sits wholly inside the 80 % safe circle.
    const inner = maskable ? Math.round(size * 0.7) : size;
    await page.setContent(
      `<html><body style="margin:0;display:grid;place-items:center;width:${size}px;height:${size}px;` +
        `background:${maskable ? BRAND : 'transparent'}">` +
        `<div style="width:${inner}px;height:${inner}px">${mark.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div>` +
        `</body></html>`,
    );
    await page.screenshot({
      path: join(webDir, 'public/icons', file),
      omitBackground: !maskable,
    });
    await page.close();
  }
} finally {
  await browser.close();
}
