// Sign up, the lobby at desktop and phone size, and the language switch: every text
// changes at once, without a reload, and the choice survives one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { accessibilityProblems, apiClient, desktop, openPage, phone, sharedServerAndBrowser, shot, signUp, webDir } from './harness.mjs';

const locale = (lang) => JSON.parse(readFileSync(resolve(webDir, `src/i18n/locales/${lang}.json`), 'utf8'));
const strings = (tree) => Object.values(tree).flatMap((v) => (typeof v === 'string' ? [v] : strings(v)));
const shared = sharedServerAndBrowser();

test('sign up, then every visible text follows the language select, and is remembered', async () => {
  const context = await shared.browser.newContext(desktop);
  const page = await openPage(context, shared.server.url);
  await shot(page, 'sign-in-desktop');
  await signUp(page, 'lena');
  await shot(page, 'lobby-desktop-en');
  const english = locale('en');
  const visible = (await page.innerText('body'));
  const shownEnglish = strings(english).filter((s) => s.length > 3 && !s.includes('{{') && visible.includes(s));
  assert.ok(shownEnglish.length >= 8, `English texts on the lobby: ${shownEnglish}`);
  for (const lang of ['zh-Hant', 'zh-Hans', 'ja']) {
    await page.selectOption('select[name="language"]', lang);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    const text = await page.innerText('body');
    const own = new Set(strings(locale(lang)));
    const left = shownEnglish.filter((s) => ![...own].some((o) => o.includes(s)) && text.includes(s));
    assert.deepEqual(left, [], `English left after switching to ${lang}`);
    assert.equal(await page.innerText('[data-action="create-game"]'), locale(lang).lobby.createGame);
    await shot(page, `lobby-desktop-${lang}`);
  }
  await page.reload();
  await page.waitForSelector('[data-action="create-game"]');
  assert.equal(await page.inputValue('select[name="language"]'), 'ja');
  assert.equal(await page.innerText('#my-games'), locale('ja').lobby.myGames);
  assert.deepEqual(await accessibilityProblems(page), []);
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('the lobby on a phone', async () => {
  const context = await shared.browser.newContext(phone);
  const page = await openPage(context, shared.server.url);
  await signUp(page, 'pia');
  await page.selectOption('select[name="language"]', 'zh-Hant');
  await shot(page, 'lobby-phone-zh-Hant');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the page is ${overflow}px wider than the phone`);
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('the language picked on the sign-in page is kept through sign-in and saved to the account', async () => {
  // An account made in English, signed out.
  const first = await shared.browser.newContext(desktop);
  const before = await openPage(first, shared.server.url);
  await signUp(before, 'kaori');
  await first.close();
  // Another device: Japanese picked on the sign-in page, then sign in.
  const context = await shared.browser.newContext(desktop);
  const page = await openPage(context, shared.server.url);
  await page.selectOption('select[name="language"]', 'ja');
  await page.fill('input[name="name"]', 'kaori');
  await page.fill('input[name="password"]', 'correct horse battery');
  await page.click('[data-action="sign-in"]');
  await page.waitForSelector('[data-action="create-game"]');
  assert.equal(await page.inputValue('select[name="language"]'), 'ja', 'the account\'s English replaced the Japanese picked before signing in');
  assert.equal(await page.innerText('[data-action="create-game"]'), locale('ja').lobby.createGame);
  const token = await page.evaluate(() => localStorage.getItem('stratagem.token'));
  const me = await (await fetch(`${shared.server.url}/api/v1/me`, { headers: { Authorization: `Bearer ${token}` } })).json();
  assert.equal(me.language, 'ja', 'the language picked was not saved to the account');
  // Picked later, it survives a reload.
  await page.selectOption('select[name="language"]', 'zh-Hans');
  await page.waitForFunction(() => document.documentElement.lang === 'zh-Hans');
  await page.reload();
  await page.waitForSelector('[data-action="create-game"]');
  assert.equal(await page.inputValue('select[name="language"]'), 'zh-Hans');
  assert.equal(await page.innerText('[data-action="create-game"]'), locale('zh-Hans').lobby.createGame);
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('deadlines in the words people use: 6 minutes a move, 1手 6 分, never 0.1 h', async () => {
  const host = await apiClient(shared.server.url, 'quick_host');
  const deadlines = (movement) => ({ movement_seconds: movement, retreat_seconds: 300, adjustment_seconds: 300 });
  const quick = await host('POST', '/games', { game: 'diplomacy', name: 'Quick', deadlines: deadlines(360) });
  const slow = await host('POST', '/games', { game: 'diplomacy', name: 'Slow', deadlines: deadlines(5400) });
  const context = await shared.browser.newContext(phone);
  const page = await openPage(context, shared.server.url);
  await signUp(page, 'quick_reader');
  const facts = (id) => page.innerText(`[data-game-id="${id}"] [data-facts]`);
  await page.waitForSelector(`[data-game-id="${quick.id}"] [data-facts]`);
  assert.match(await facts(quick.id), /· 6 minutes a move$/);
  assert.match(await facts(slow.id), /· 1 hour, 30 minutes a move$/);
  for (const [lang, six] of [['ja', '1手 6 分'], ['zh-Hant', '每回合 6 分鐘'], ['zh-Hans', '每回合 6分钟']]) {
    await page.selectOption('select[name="language"]', lang);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    assert.ok((await facts(quick.id)).endsWith(six), `${lang}: ${await facts(quick.id)}`);
    assert.doesNotMatch(await facts(slow.id), /\d\.\d|h /);
  }
  await shot(page, 'lobby-deadlines-phone-zh-Hans');
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('traditional Chinese with Taiwan\'s or Hong Kong\'s names (義大利 / 意大利), kept through reload and sign-in', async () => {
  const context = await shared.browser.newContext(desktop);
  const page = await openPage(context, shared.server.url);
  const note = async () => {
    await page.selectOption('select[name="players"]', '2');
    return page.innerText('form.create p.muted >> text=1914');
  };
  // Picked on the sign-in page: Hong Kong's names.
  const labels = await page.$$eval('select[name="language"] option', (os) => os.map((o) => `${o.value} ${o.textContent}`));
  assert.deepEqual(labels.filter((l) => l.startsWith('zh-Hant')), ['zh-Hant 台灣繁體', 'zh-Hant-HK 香港繁體']);
  await page.selectOption('select[name="language"]', 'zh-Hant-HK');
  await signUp(page, 'wing');
  assert.match(await note(), /意大利為中立國/);
  await page.reload();
  await page.waitForSelector('[data-action="create-game"]');
  assert.equal(await page.inputValue('select[name="language"]'), 'zh-Hant-HK');
  assert.match(await note(), /意大利為中立國/);
  await shot(page, 'lobby-zh-Hant-HK');
  // Another device, nothing stored: the account's choice.
  const other = await shared.browser.newContext(desktop);
  const again = await openPage(other, shared.server.url);
  await again.fill('input[name="name"]', 'wing');
  await again.fill('input[name="password"]', 'correct horse battery');
  await again.click('[data-action="sign-in"]');
  await again.waitForSelector('[data-action="create-game"]');
  assert.equal(await again.inputValue('select[name="language"]'), 'zh-Hant-HK');
  // Taiwan's names.
  await page.selectOption('select[name="language"]', 'zh-Hant');
  await page.waitForFunction(() => document.documentElement.lang === 'zh-Hant');
  assert.match(await note(), /義大利為中立國/);
  await page.reload();
  await page.waitForSelector('[data-action="create-game"]');
  assert.match(await note(), /義大利為中立國/);
  assert.deepEqual(page.problems, []);
  assert.deepEqual(again.problems, []);
  await context.close();
  await other.close();
});
