// Pausing a game from its page: the creator's "Pause the game" asks first (a pause stops
// every deadline and the computer players), then the header says "Paused" with the time
// left, in four languages on desktop and phone (screenshots); a seated player's page
// offers to ask for a resume and counts the asks; the creator resumes and the clock is back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { accessibilityProblems, apiAs, apiClient, desktop, openPage, phone, sharedServerAndBrowser, shot, signUp } from './harness.mjs';

const POWERS = ['AUSTRIA', 'ENGLAND', 'FRANCE', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY'];
// A day less the seconds the test took, rounded up to the minute.
const PAUSED = { en: /^Paused \((23 h 5\d|24 h 0) min left\)$/, ja: /^一時停止中（残り (23時間5\d|24時間0)分）$/,
  'zh-Hant': /^已暫停（尚餘 (23 小時 5\d|24 小時 0) 分鐘）$/, 'zh-Hans': /^已暂停（还剩 (23 小时 5\d|24 小时 0) 分钟）$/ };

const shared = sharedServerAndBrowser();

test('the creator pauses after a question, players see it and ask to resume, the creator resumes', async () => {
  const context = await shared.browser.newContext(desktop);
  const page = await openPage(context, shared.server.url);
  await signUp(page, 'host');
  const token = await page.evaluate(() => localStorage.getItem('stratagem.token'));
  const host = apiAs(shared.server.url, token);
  const { id } = await host('POST', '/games', { game: 'diplomacy', name: 'Long game', players: 7,
    deadlines: { movement_seconds: 86400, retreat_seconds: 3600, adjustment_seconds: 3600 } });
  const players = {};
  for (const power of POWERS) {
    players[power] = await apiClient(shared.server.url, `pause-${power.toLowerCase()}`);
    await players[power]('POST', `/games/${id}/join`, { power });
  }
  await page.goto(`${shared.server.url}/games/${id}`);
  await page.waitForSelector('[data-action="pause"]');
  assert.equal(await page.$('[data-paused]'), null);
  await page.click('[data-action="pause"]');
  await page.waitForSelector('[data-confirm="pause"]');
  assert.equal(await page.innerText('[data-confirm="pause"] .question'), 'Pause the game?');
  await shot(page, 'pause-confirm-desktop-en');
  // "Cancel" pauses nothing.
  await page.click('[data-action="pause-cancel"]');
  assert.equal((await host('GET', `/games/${id}`)).pause.paused, false);
  await page.click('[data-action="pause"]');
  await page.click('[data-action="pause-confirm"]');
  await page.waitForSelector('[data-paused]');
  assert.equal((await host('GET', `/games/${id}`)).pause.paused, true);
  assert.equal(await page.$('.game-head .countdown'), null);
  for (const lang of ['en', 'zh-Hant', 'zh-Hans', 'ja']) {
    await page.selectOption('select[name="language"]', lang);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    assert.match(await page.innerText('[data-paused]'), PAUSED[lang]);
    await shot(page, `pause-paused-desktop-${lang}`);
  }
  await page.selectOption('select[name="language"]', 'en');
  assert.equal(await page.innerText('[data-action="resume"]'), 'Resume the game');
  assert.deepEqual(await accessibilityProblems(page), []);

  // England's phone, in Japanese: asks for a resume; the ask is counted on both pages.
  const phoneContext = await shared.browser.newContext({ ...phone, locale: 'ja-JP' });
  await phoneContext.addInitScript((t) => localStorage.setItem('stratagem.token', t), players.ENGLAND.token);
  const england = await openPage(phoneContext, `${shared.server.url}/games/${id}`);
  await england.waitForSelector('[data-paused]');
  await england.selectOption('select[name="language"]', 'ja');
  await england.waitForFunction(() => document.documentElement.lang === 'ja');
  assert.equal(await england.innerText('[data-action="resume"]'), '再開を求める');
  await england.click('[data-action="resume"]');
  await england.waitForSelector('[data-pause-asked="1"]');
  assert.equal(await england.innerText('[data-pause-asked]'), '7 人中 1 人が再開を求めています。');
  assert.equal(await england.innerText('[data-action="resume"]'), '求めを取り下げる');
  await shot(england, 'pause-asked-phone-ja');
  await page.waitForSelector('[data-pause-asked="1"]');  // the creator's page hears it
  assert.equal(await page.innerText('[data-pause-asked]'), '1 of 7 players ask to resume.');

  // The creator resumes (no question: resuming stops nothing); the clock is back on both pages.
  await page.click('[data-action="resume"]');
  await page.waitForSelector('[data-pause="running"]');
  await page.waitForSelector('.game-head .countdown');
  await england.waitForSelector('[data-pause="running"]');
  assert.equal(await england.$('[data-paused]'), null);
  const view = await host('GET', `/games/${id}`);
  assert.equal(view.pause.paused, false);
  assert.ok(Date.parse(view.deadline) - Date.now() > 23 * 3600 * 1000, view.deadline);
  assert.deepEqual(page.problems, []);
  assert.deepEqual(england.problems, []);
  await phoneContext.close();
  await context.close();
});
