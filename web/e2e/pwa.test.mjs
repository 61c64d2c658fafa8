// The installable web app: the manifest the page links (in the reader's language) as
// Chromium reads it, the icons it names, the service worker installed with the app shell
// kept, and, with the network cut, a reload that shows the "no connection" page in the
// reader's language (screenshots).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { desktop, openPage, phone, sharedServerAndBrowser, shot } from './harness.mjs';

const shared = sharedServerAndBrowser();

/** Waits until the page's service worker is active and controls the page. */
async function workerInControl(page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes) {
  assert.equal(bytes.subarray(1, 4).toString('latin1'), 'PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

test('the page links the manifest of its language, which Chromium reads as an installable app', async () => {
  const context = await shared.browser.newContext({ ...phone, locale: 'ja-JP' });
  const page = await openPage(context, shared.server.url);
  await page.waitForSelector('select[name="language"]');
  assert.equal(await page.getAttribute('link[rel="manifest"]', 'href'), '/manifest-ja.webmanifest');
  const response = await page.request.get(`${shared.server.url}/manifest-ja.webmanifest`);
  assert.equal(response.headers()['content-type'], 'application/manifest+json');
  const manifest = await response.json();
  assert.equal(manifest.name, 'Stratagem：ディプロマシーとドラゴンチェス');
  assert.equal(manifest.short_name, 'Stratagem');
  assert.equal(manifest.lang, 'ja');
  assert.equal(manifest.display, 'standalone');
  assert.equal(manifest.start_url, '/');
  assert.equal(manifest.scope, '/');
  assert.equal(manifest.theme_color, await page.getAttribute('meta[name="theme-color"]', 'content'));
  for (const icon of manifest.icons) {
    const got = await page.request.get(`${shared.server.url}${icon.src}`);
    assert.equal(got.status(), 200, icon.src);
    assert.equal(got.headers()['content-type'], icon.type, icon.src);
    if (icon.type === 'image/png') assert.equal(pngSize(await got.body()), icon.sizes, icon.src);
  }
  assert.deepEqual(manifest.icons.filter((i) => i.type === 'image/png').map((i) => `${i.sizes} ${i.purpose}`),
    ['192x192 any', '512x512 any', '512x512 maskable']);

  // Chromium's own reading: no manifest errors, and nothing stands in the way of installing
  // once the worker controls the page.
  await workerInControl(page);
  const devtools = await context.newCDPSession(page);
  const read = await devtools.send('Page.getAppManifest');
  assert.deepEqual(read.errors, []);
  assert.match(read.url, /\/manifest-ja\.webmanifest$/);
  const { installabilityErrors } = await devtools.send('Page.getInstallabilityErrors');
  // Playwright's browser contexts are off the record, which alone keeps Chromium from
  // offering to install anything.
  assert.deepEqual(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito'), []);

  // Another language picked: the page links that language's manifest.
  await page.selectOption('select[name="language"]', 'zh-Hans');
  assert.equal(await page.getAttribute('link[rel="manifest"]', 'href'), '/manifest-zh-Hans.webmanifest');
  assert.equal((await (await page.request.get(`${shared.server.url}/manifest-zh-Hans.webmanifest`)).json()).name,
    'Stratagem 谋略：强权外交与龙棋');
  // Every language of the page has its manifest (Hong Kong's Traditional Chinese has Taiwan's words).
  for (const language of ['en', 'zh-Hant', 'zh-Hant-HK', 'zh-Hans', 'ja']) {
    const each = await page.request.get(`${shared.server.url}/manifest-${language}.webmanifest`);
    assert.equal(each.status(), 200, language);
    assert.equal((await each.json()).lang, language);
  }
  assert.equal((await (await page.request.get(`${shared.server.url}/manifest-zh-Hant-HK.webmanifest`)).json()).name,
    'Stratagem 謀略：外交與龍棋');
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('the worker keeps the app shell, and with the network cut a page opens to "no connection" in the reader\'s language', async () => {
  const context = await shared.browser.newContext({ ...desktop, locale: 'en-US' });
  const page = await openPage(context, shared.server.url);
  await workerInControl(page);
  const worker = await page.request.get(`${shared.server.url}/sw.js`);
  assert.equal(worker.headers()['cache-control'], 'no-cache');
  const shell = JSON.parse(/const SHELL = (\[.*\]);/.exec(await worker.text())[1]);
  assert.ok(shell.includes('/offline.html') && shell.some((f) => /^\/assets\/main-.*\.js$/.test(f)), shell.join(' '));
  const kept = await page.evaluate(async () => {
    const name = (await caches.keys()).find((n) => n.startsWith('stratagem-shell-'));
    return (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname).sort();
  });
  assert.deepEqual(kept, [...shell].sort());

  // The reader picks Traditional Chinese; then the network goes.
  await page.selectOption('select[name="language"]', 'zh-Hant');
  await context.setOffline(true);
  await page.reload();
  await page.waitForSelector('#offline-title');
  assert.equal(await page.textContent('#offline-title'), '沒有網路連線');
  assert.equal(await page.textContent('#offline-retry'), '再試一次');
  assert.equal(await page.getAttribute('html', 'lang'), 'zh-Hant');
  await shot(page, 'pwa-offline-desktop-zh-Hant');

  // A game's address, opened cold with no network, the same; on a phone, in Japanese.
  const phoneContext = await shared.browser.newContext({ ...phone, locale: 'ja-JP' });
  const phonePage = await openPage(phoneContext, shared.server.url);
  await workerInControl(phonePage);
  await phoneContext.setOffline(true);
  await phonePage.goto(`${shared.server.url}/games/1`);
  await phonePage.waitForSelector('#offline-title');
  assert.equal(await phonePage.textContent('#offline-title'), '接続できません');
  assert.match(await phonePage.textContent('#offline-body'), /サーバーにつながりません/);
  await shot(phonePage, 'pwa-offline-phone-ja');

  // The connection back, "try again" opens the page asked for.
  await context.setOffline(false);
  await page.click('#offline-retry');
  await page.waitForSelector('select[name="language"]');
  assert.equal(await page.inputValue('select[name="language"]'), 'zh-Hant');
  assert.deepEqual(page.problems.filter((p) => !/ERR_INTERNET_DISCONNECTED/.test(p)), []);
  await phoneContext.close();
  await context.close();
});

test('a push message delivered to the worker shows the notice it carries', async () => {
  const context = await shared.browser.newContext({ ...desktop, locale: 'ja-JP' });
  await context.grantPermissions(['notifications'], { origin: shared.server.url });
  const page = await openPage(context, shared.server.url);
  await workerInControl(page);
  const devtools = await context.newCDPSession(page);
  const registered = new Promise((resolve) => devtools.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
    const ours = registrations.find((r) => r.scopeURL.startsWith(shared.server.url) && !r.isDeleted);
    if (ours) resolve(ours.registrationId);
  }));
  await devtools.send('ServiceWorker.enable');
  const registrationId = await registered;
  const message = { title: 'Friday gameが始まりました', body: '対局が始まりました。', url: 'https://diplomacy.example.org/games/7', tag: '7-game_status', lang: 'ja' };
  await devtools.send('ServiceWorker.deliverPushMessage', { origin: new URL(shared.server.url).origin, registrationId, data: JSON.stringify(message) });
  let shown = [];
  for (let tries = 0; tries < 150 && shown.length === 0; ++tries) {
    shown = await page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications())
      .map((n) => ({ title: n.title, body: n.body, tag: n.tag, lang: n.lang, url: n.data?.url })));
    if (shown.length === 0) await page.waitForTimeout(100);
  }
  assert.deepEqual(shown, [{ title: message.title, body: message.body, tag: message.tag, lang: 'ja', url: message.url }]);
  assert.deepEqual(page.problems, []);
  await context.close();
});
