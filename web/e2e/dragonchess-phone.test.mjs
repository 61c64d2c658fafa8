// Dragonchess on a 390×844 phone (issue 29 §5): the three boards and both clocks on the
// first screen, no board to scroll to, squares large enough to tap; a move made on the
// lowest board without scrolling; once a piece is picked, the prompt says what comes next,
// in every language, with the word for a tap. Screenshots in the four languages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, phone, sharedServerAndBrowser, shot, signUp } from './harness.mjs';

const shared = sharedServerAndBrowser();

const tapPrompt = { en: 'Tap one of your pieces.', ja: '自分の駒をタップしてください。', 'zh-Hant': '點按你的棋子。', 'zh-Hans': '点按你的棋子。' };
const tapWord = { en: /: tap a marked square/, ja: /タップ/, 'zh-Hant': /點按/, 'zh-Hans': /点按/ };
const box = (page, selector) => page.$eval(selector, (e) => { const r = e.getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height }; });

test('three boards and both clocks on one phone screen; the prompt says what comes next', async () => {
  const context = await shared.browser.newContext(phone);
  const page = await openPage(context, shared.server.url);
  await signUp(page, 'pocket');
  await page.selectOption('select[name="game"]', 'dragonchess');
  await page.selectOption('select[name="opponent"]', 'computer');
  await page.fill('input[name="level"]', '1');
  await page.fill('input[name="clock_minutes"]', '10');
  await page.click('[data-action="create-game"]');
  await page.waitForSelector('.dragonchess[data-my-side="gold"]');

  for (const language of ['en', 'zh-Hant', 'zh-Hans', 'ja']) {
    await page.selectOption('select[name="language"]', language);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(100);
    const screen = { w: 390, h: 844 };
    const boards = await page.$$eval('.dc-board svg', (els) => els.map((e) => { const r = e.getBoundingClientRect(); return { y: r.y, h: r.height, w: r.width }; }));
    assert.equal(boards.length, 3);
    for (const [i, b] of boards.entries()) {
      assert.ok(b.y >= 0 && b.y + b.h <= screen.h, `${language}: board ${i + 1} spans ${b.y.toFixed(0)}..${(b.y + b.h).toFixed(0)} px of ${screen.h}`);
    }
    const square = await box(page, '[data-square="3a1"]');
    assert.ok(square.w >= 24 && square.h >= 24, `${language}: a square is ${square.w.toFixed(1)}×${square.h.toFixed(1)} px`);
    for (const side of ['gold', 'scarlet']) {
      const clock = await box(page, `[data-clock="${side}"]`);
      assert.ok(clock.y >= 0 && clock.y + clock.h <= screen.h, `${language}: the ${side} clock at ${clock.y.toFixed(0)} px`);
    }
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), `${language}: wider than the screen`);

    // A piece picked: the prompt names it and says what to do next; picking nothing ends it.
    // A phone is tapped, not clicked, and the prompt says so.
    const idle = await page.innerText('.dragonchess .prompt');
    assert.equal(idle, tapPrompt[language]);
    await page.tap('[data-square="2e2"]');
    await page.waitForSelector('[data-square="2e3"][data-target]');
    const picked = await page.innerText('.dragonchess .prompt');
    assert.notEqual(picked, idle, `${language}: the prompt after a piece is picked`);
    assert.match(picked, tapWord[language]);
    assert.ok(picked.includes(await page.evaluate(() => document.querySelector('[data-square="2e2"]').getAttribute('aria-label').split(' ').pop())) ||
      picked.includes('2e2'), `${language}: "${picked}" names the piece`);
    await shot(page, `dragonchess-phone-${language}`);
    await page.tap('[data-square="2e2"]');
    assert.equal(await page.locator('[data-target]').count(), 0);
    assert.equal(await page.innerText('.dragonchess .prompt'), idle);
  }
  // A move on the lowest board, by tapping, without scrolling.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.tap('[data-square="3g1"]');
  await page.waitForSelector('[data-square="3g3"][data-target]');
  await page.tap('[data-square="3g3"]');
  await page.waitForSelector('[data-square="3g3"][data-piece="E"]');
  assert.equal(await page.evaluate(() => window.scrollY), 0);
  assert.deepEqual(page.problems, []);
  await context.close();
});
