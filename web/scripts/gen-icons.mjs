// Draws the web app's PNG icons (home screens that take no SVG: Android's launcher at 192
// and 512 px, iOS's apple-touch-icon at 180) from public/icons/icon.svg, in Debian's
// Chromium. Run after changing the SVG: `node scripts/gen-icons.mjs`; the PNGs are
// committed.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const icons = resolve(dirname(fileURLToPath(import.meta.url)), '../public/icons');
const svg = readFileSync(join(icons, 'icon.svg'), 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
try {
  for (const size of [180, 192, 512]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(`<html><body style="margin:0">${svg.replace('width="512" height="512"', `width="${size}" height="${size}"`)}</body></html>`);
    await page.screenshot({ path: join(icons, `icon-${size}.png`), omitBackground: false });
    await page.close();
  }
} finally {
  await browser.close();
}
