// "Notify this device" on the settings page, against a server started with --web-push.
// Headless Chromium cannot make a real subscription here: in Playwright's contexts, which
// are off the record, it refuses at once ("Registration failed - permission denied", even
// with the notifications and push permissions granted); in a persistent profile it waits
// for Google's push service (FCM), which this machine cannot reach, and had not answered
// after 40 s. The first test checks the refusal's path (the server's key fetched, the
// browser's failure shown in the page's language, nothing sent to the server). The second gives the page a stand-in push manager whose subscription carries a
// real P-256 key made in the page: everything around it is real (the key handed to
// subscribe, the subscription sent to and removed from the server, the states shown in
// four languages on phone and desktop). The last two check "blocked" (the browser's
// permission denied) and "not supported" (no PushManager, as in Safari outside the home
// screen).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { accessibilityProblems, apiAs, desktop, openPage, phone, sharedServerAndBrowser, shot, signUp } from './harness.mjs';

const shared = sharedServerAndBrowser({ args: ['--web-push', '--push-private-addresses', '--public-url', 'https://diplomacy.example.org'] });

const LANGUAGES = ['en', 'ja', 'zh-Hant', 'zh-Hans'];
const ON = {
  en: 'This device gets the notices you chose under “Push to my devices”, even with the page closed.',
  ja: '「端末へのプッシュ通知」で選んだ通知が、ページを閉じていてもこの端末に届きます。',
  'zh-Hant': '你在「推播到我的裝置」下選擇的通知會送到此裝置，即使頁面已關閉。',
  'zh-Hans': '你在“推送到我的设备”下选择的通知会送到此设备，即使页面已关闭。',
};

/** The settings page of a new person, with the worker in control of the page. */
async function settingsPage(context, name) {
  const page = await openPage(context, shared.server.url);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await signUp(page, name);
  await page.click('[data-action="notice-settings"]');
  return page;
}

const token = (page) => page.evaluate(() => localStorage.getItem('stratagem.token'));

/** A stand-in for the push manager, installed before the page's own scripts: subscribe
 * keeps the applicationServerKey it was given and answers with a subscription whose keys
 * are a real P-256 public key and 16 random bytes, as a browser's are. */
function standInPushManager() {
  const b64url = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  window.pushTrace = { subscribed: [], unsubscribed: 0 };
  let current = null;
  PushManager.prototype.getSubscription = async function getSubscription() { return current; };
  PushManager.prototype.subscribe = async function subscribe(options) {
    window.pushTrace.subscribed.push(b64url(options.applicationServerKey));
    const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
    const keys = { p256dh: b64url(await crypto.subtle.exportKey('raw', pair.publicKey)), auth: b64url(crypto.getRandomValues(new Uint8Array(16))) };
    const endpoint = `https://127.0.0.1:9/push/${window.pushTrace.subscribed.length}`;
    current = {
      endpoint,
      toJSON: () => ({ endpoint, expirationTime: null, keys }),
      unsubscribe: async () => { window.pushTrace.unsubscribed += 1; current = null; return true; },
    };
    return current;
  };
}

test('a real subscription: the key is fetched, the browser\'s failure is shown in the page\'s language, and nothing reaches the server', async () => {
  const context = await shared.browser.newContext({ ...desktop, locale: 'ja-JP' });
  await context.grantPermissions(['notifications'], { origin: shared.server.url });
  const page = await settingsPage(context, 'real-device');
  await page.waitForSelector('[data-device="off"]');
  const asked = [];
  page.on('request', (r) => { if (r.url().includes('/api/v1/')) asked.push(`${r.method()} ${new URL(r.url()).pathname}`); });
  await page.click('[data-action="push-on"]');
  await page.waitForSelector('[data-device="off"] .error');
  const said = await page.innerText('[data-device] .error');
  // Chromium's own reason follows, as the browser gives it (e.g. "Registration failed - push service error").
  assert.match(said, /^この端末を登録できませんでした：\S/);
  assert.ok(asked.includes('GET /api/v1/push/key'), asked.join(', '));
  assert.ok(!asked.some((a) => a.startsWith('POST /api/v1/me/push_subscriptions')), asked.join(', '));
  const me = apiAs(shared.server.url, await token(page));
  assert.deepEqual(await me('GET', '/me/push_subscriptions'), { subscriptions: [] });
  console.log(`headless Chromium's PushManager.subscribe: ${said}`);
  await context.close();
});

for (const [name, viewport] of [['desktop', desktop], ['phone', phone]]) {
  test(`notify this device and stop, on a ${name}, in four languages`, async () => {
    const context = await shared.browser.newContext({ ...viewport, locale: 'en-US' });
    await context.grantPermissions(['notifications'], { origin: shared.server.url });
    await context.addInitScript(standInPushManager);
    const page = await settingsPage(context, `device-${name}`);
    await page.waitForSelector('[data-device="off"]');
    assert.equal(await page.innerText('#notices-device'), 'This device');
    assert.equal(await page.innerText('[data-device="off"] p'), 'This device gets no push notifications from Stratagem.');
    // The channel's column in the choices.
    assert.equal(await page.getAttribute('input[name="orders_due:push"]', 'aria-label'), 'A new phase needs my orders: Push to my devices');
    await shot(page, `push-settings-off-${name}-en`);

    await page.click('[data-action="push-on"]');
    await page.waitForSelector('[data-device="on"]');
    const me = apiAs(shared.server.url, await token(page));
    const { public_key: key } = await me('GET', '/push/key');
    assert.deepEqual(await page.evaluate(() => window.pushTrace.subscribed), [key]);
    const { subscriptions } = await me('GET', '/me/push_subscriptions');
    assert.deepEqual(subscriptions.map((s) => s.endpoint), ['https://127.0.0.1:9/push/1']);
    await page.check('input[name="orders_due:push"]');
    await page.waitForFunction(() => document.querySelector('input[name="orders_due:push"]').checked);
    assert.deepEqual((await me('GET', '/me/notices')).events.orders_due, ['push']);

    for (const lang of LANGUAGES) {
      await page.selectOption('select[name="language"]', lang);
      await page.waitForFunction((l) => document.documentElement.lang === l, lang);
      assert.equal(await page.innerText('[data-device="on"] p'), ON[lang]);
      await shot(page, `push-settings-on-${name}-${lang}`);
    }
    if (name === 'phone') {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `the page is ${overflow}px wider than the phone`);
    }
    assert.deepEqual(await accessibilityProblems(page), []);

    // Stopping removes the subscription on the server and in the browser.
    await page.selectOption('select[name="language"]', 'en');
    await page.click('[data-action="push-off"]');
    await page.waitForSelector('[data-device="off"]');
    assert.deepEqual(await me('GET', '/me/push_subscriptions'), { subscriptions: [] });
    assert.equal(await page.evaluate(() => window.pushTrace.unsubscribed), 1);
    assert.deepEqual(page.problems, []);
    await context.close();
  });
}

test('blocked by the browser\'s permission, and not supported by the browser', async () => {
  const context = await shared.browser.newContext({ ...phone, locale: 'zh-TW' });
  const page = await openPage(context, shared.server.url);
  const devtools = await context.newCDPSession(page);
  // The person said "Block" to the browser's question (Playwright grants, but cannot deny).
  const { targetInfo } = await devtools.send('Target.getTargetInfo');
  await devtools.send('Browser.setPermission', { browserContextId: targetInfo.browserContextId, origin: new URL(shared.server.url).origin,
    permission: { name: 'notifications' }, setting: 'denied' });
  await page.evaluate(() => navigator.serviceWorker.ready);
  await signUp(page, 'blocked-device');
  await page.click('[data-action="notice-settings"]');
  await page.waitForSelector('[data-device="blocked"]');
  assert.equal(await page.innerText('[data-device="blocked"] p'),
    '此瀏覽器已封鎖本網站的通知。請在瀏覽器的網站設定中允許通知，然後重新載入此頁。');
  assert.equal(await page.$('[data-action="push-on"]'), null);
  await shot(page, 'push-settings-blocked-phone-zh-Hant');
  await context.close();

  const safari = await shared.browser.newContext({ ...phone, locale: 'zh-CN' });
  await safari.addInitScript(() => { delete window.PushManager; });
  const other = await settingsPage(safari, 'no-push-browser');
  await other.waitForSelector('[data-device="unsupported"]');
  assert.equal(await other.innerText('[data-device="unsupported"] p'),
    '此浏览器无法接收推送通知。在 iPhone 或 iPad 上，请先将 Stratagem 添加到主屏幕，再从主屏幕打开。');
  assert.equal(await other.$('[data-action="push-on"]'), null);
  await safari.close();
});
