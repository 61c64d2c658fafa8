// End-to-end harness: a real `stratagem serve` on a free port with a temporary SQLite
// database and this client's build (web/dist), and Debian's Chromium driven by
// playwright-core (never a downloaded browser). Screenshots go to e2e/artifacts/.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
export const webDir = resolve(here, '..');
export const artifacts = resolve(here, 'artifacts');
mkdirSync(artifacts, { recursive: true });

export function stratagemBinary() {
  const candidates = [process.env.STRATAGEM_BIN, resolve(webDir, '../build/stratagem')].filter(Boolean);
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error(`no stratagem binary: set STRATAGEM_BIN (tried ${candidates.join(', ')})`);
  return found;
}

/** Starts the server; resolves to {url, daidePort, stop}. With `daide`, it also listens for
 * DAIDE clients (daidePort); `args` and `env` go to `serve` as they are. */
export async function startServer({ daide = false, args = [], env = {} } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'stratagem-e2e-'));
  const child = spawn(stratagemBinary(), ['serve', '--listen', '127.0.0.1:0', '--database', `sqlite:${join(dir, 'e2e.db')}`, '--web', join(webDir, 'dist'),
    // The tests sign many people up from 127.0.0.1.
    '--signups-per-minute', '100000', ...(daide ? ['--daide', '127.0.0.1:0'] : []), ...args],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  let log = '';
  child.stderr.on('data', (d) => { log += d; });
  let url;
  const daidePort = await new Promise((resolveStarted, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 30 s:\n${log}`)), 30000);
    createInterface({ input: child.stdout }).on('line', (line) => {
      const listening = /^listening on (http:\/\/\S+)$/.exec(line.trim());
      const daideOn = /^daide on \S+:(\d+)$/.exec(line.trim());
      if (listening) url = listening[1];
      if (daideOn || (listening && !daide)) { clearTimeout(timer); resolveStarted(daideOn ? Number(daideOn[1]) : undefined); }
    });
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`server exited with ${code}:\n${log}`)); });
  });
  return {
    url,
    daidePort,
    log: () => log,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser() {
  // Playwright gives every launch a fresh, temporary --user-data-dir of its own.
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}

/** The server and the browser that an e2e file's tests share: started before its first
 * test and stopped after its last. `options` go to startServer; a function giving them is
 * called first, in `before` (e.g. to start a mail server whose port they name). Read
 * `shared.server` and `shared.browser` in the tests, once `before` has run. */
export function sharedServerAndBrowser(options = {}) {
  const shared = { server: undefined, browser: undefined };
  before(async () => {
    shared.server = await startServer(typeof options === 'function' ? await options() : options);
    shared.browser = await launchBrowser();
  });
  after(async () => {
    await shared.browser?.close();
    await shared.server?.stop();
  });
  return shared;
}

export const desktop = { viewport: { width: 1440, height: 900 } };
export const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** A page that records console errors and failed requests, so tests can assert there are none. */
export async function openPage(context, url) {
  const page = await context.newPage();
  page.problems = [];
  page.on('console', (m) => { if (m.type() === 'error') page.problems.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => page.problems.push(`page error: ${e.message}`));
  await page.goto(url);
  return page;
}

export async function shot(page, name) {
  await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: false });
}

/** axe-core's serious and critical violations on the page. */
export async function accessibilityProblems(page) {
  await page.addScriptTag({ content: readFileSync(resolve(webDir, 'node_modules/axe-core/axe.min.js'), 'utf8') });
  const result = await page.evaluate(async () => await window.axe.run(document, { resultTypes: ['violations'] }));
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')})`);
}

export async function signUp(page, name, password = 'correct horse battery') {
  await page.fill('input[name="name"]', name);
  await page.fill('input[name="password"]', password);
  await page.click('[data-action="sign-up"]');
  await page.waitForSelector('[data-action="create-game"]');
}

const locale = (lang) => JSON.parse(readFileSync(resolve(webDir, `src/i18n/locales/${lang}.json`), 'utf8'));
const strings = (tree) => Object.values(tree).flatMap((v) => (typeof v === 'string' ? [v] : strings(v)));

/** The English UI strings visible on the page now (whole strings, without placeholders). */
export async function visibleEnglish(page) {
  const text = await page.innerText('body');
  return strings(locale('en')).filter((s) => s.length > 3 && !s.includes('{{') && text.includes(s));
}

/** Which of `english` are still on the page in `lang` (strings that are also part of that
 * language's own texts, such as the brand name, do not count). */
export async function englishLeft(page, english, lang) {
  const text = await page.innerText('body');
  const own = strings(locale(lang));
  return english.filter((s) => !own.some((o) => o.includes(s)) && text.includes(s));
}

/** call(method, path, body) through the API with a person's token. */
export function apiAs(url, token) {
  return async (method, path, body) => {
    const response = await fetch(`${url}/api/v1${path}`, {
      method, body: body && JSON.stringify(body),
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
}

/** A person who plays through the API only: call(method, path, body) with their token. */
export async function apiClient(url, name) {
  const { token } = await apiAs(url)('POST', '/users', { name, password: 'correct horse battery' });
  const client = apiAs(url, token);
  client.token = token;
  return client;
}

/** A two-player game (the 1914 start) made from the create form by the person signed in
 * on `page`, seated as `seat`; a new person `other` takes the seat of `otherSeat` through
 * the API. Resolves, once the game has begun, to its id and the API as each person. */
export async function twoPlayerGame(page, url, { name, seat, otherSeat, other }) {
  await page.selectOption('select[name="preset"]', 'custom');
  await page.selectOption('select[name="players"]', '2');
  await page.fill('input[name="name"]', name);
  await page.selectOption('select[name="my_power"]', seat);
  await page.click('[data-action="create-game"]');
  await page.waitForSelector('.diplomacy[data-status="forming"]');
  const id = page.url().split('/').pop();
  const them = await apiClient(url, other);
  await them('POST', `/games/${id}/join`, { power: otherSeat });
  await page.waitForSelector('.diplomacy[data-phase="S1914M"]');
  const me = apiAs(url, await page.evaluate(() => localStorage.getItem('stratagem.token')));
  return { id, me, them };
}

/** Ready while some units have no order: the page asks first, and is told yes. */
export async function readyAnyway(page) {
  await page.click('[data-action="ready"]');
  await page.click('[data-action="ready-confirm"]');
}

/** Clicks a province of the Diplomacy map where a person could: a point inside its shape
 * that no label or unit covers (the centre of its box may lie outside a concave shape). */
export async function clickProvince(page, code, { tap = false } = {}) {
  const point = await page.evaluate((province) => {
    const element = document.querySelector(`[data-province="${province}"]`);
    const box = element.getBBox();
    const matrix = element.getScreenCTM();
    const svg = element.ownerSVGElement;
    for (let step = 8; step <= 32; step *= 2) {
      for (let i = 1; i < step; i++) {
        for (let j = 1; j < step; j++) {
          const local = svg.createSVGPoint();
          local.x = box.x + (box.width * i) / step;
          local.y = box.y + (box.height * j) / step;
          if (!element.isPointInFill(local)) continue;
          const screen = local.matrixTransform(matrix);
          const hit = document.elementFromPoint(screen.x, screen.y);
          if (hit === element || element.contains(hit)) return { x: screen.x, y: screen.y };
        }
      }
    }
    return null;
  }, code);
  if (!point) throw new Error(`no visible point of province ${code} to click`);
  if (tap) await page.touchscreen.tap(point.x, point.y);
  else await page.mouse.click(point.x, point.y);
}
