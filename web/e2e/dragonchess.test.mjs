// A Dragonchess game against the computer, played by clicking pieces and their legal
// targets, until Gold has made a capture and a promotion (or the game ends).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { accessibilityProblems, desktop, openPage, phone, sharedServerAndBrowser, shot, signUp, stratagemBinary } from './harness.mjs';

const shared = sharedServerAndBrowser();

// Gold's choice: a promotion when one is legal; for the first 20 moves the project's own
// engine's best move at depth 3 (stratagem dragonchess bestmove: stronger than the
// level-1 opponent, it wins material); then Warriors march: a Warrior's capture, else the
// most advanced Warrior's step, else the engine's move. A move that would end the game
// before the promotion is skipped.
const parse = (text) => /^([A-Z])(\d[a-l]\d)([-x*])(\d[a-l]\d)(=H)?$/.exec(text);
const cli = (...args) => JSON.parse(execFileSync(stratagemBinary(), ['dragonchess', ...args], { encoding: 'utf8' }));
function choose(view) {
  const legal = view.legal_moves.map(parse).filter(Boolean);
  const promotion = legal.find((m) => m[5]);
  if (promotion) return promotion;
  const best = parse(cli('bestmove', '--position', view.position, '--depth', '3').move);
  const warriors = legal.filter((m) => m[1] === 'W' && m[2][0] === '2');
  const march = [...warriors.filter((m) => m[3] === 'x'), ...warriors.sort((a, b) => Number(b[2][2]) - Number(a[2][2]))];
  const candidates = view.moves.length < 40 ? [best, ...march, ...legal] : [...march, best, ...legal];
  return candidates.find((m) => cli('apply', '--position', view.position, '--move', m[0]).status === 'ongoing') ?? best;
}

test('against the computer: click a piece, see its targets, move, through a capture and a promotion', async () => {
  const context = await shared.browser.newContext(desktop);
  const page = await openPage(context, shared.server.url);
  await signUp(page, 'gold');
  await page.selectOption('select[name="game"]', 'dragonchess');
  await page.selectOption('select[name="opponent"]', 'computer');
  await page.fill('input[name="level"]', '1');
  await page.click('[data-action="create-game"]');
  await page.waitForSelector('.dragonchess[data-my-side="gold"]');
  assert.equal(await page.locator('[data-square]').count(), 288);
  assert.equal(await page.getAttribute('[data-square="3g1"]', 'data-piece'), 'E');
  assert.equal(await page.getAttribute('[data-square="2e7"]', 'data-piece'), 'w');
  assert.equal(await page.locator('[data-check]').count(), 0);

  await page.click('[data-square="2e2"]');
  assert.ok(await page.locator('[data-square="2e3"][data-target]').count() === 1);
  await shot(page, 'dragonchess-targets-desktop');
  await page.click('[data-square="2e3"]');
  await page.waitForSelector('[data-move="W2e2-2e3"]');

  let captured = false;
  let promoted = false;
  // A level-1 Scarlet may still mate Gold's marching Warriors before one promotes: then a
  // new game (at most three), since what is tested is the page, not Gold's play.
  for (let game = 0; game < 3 && !(captured && promoted); game++) {
    if (game > 0) {
      await page.goto(shared.server.url);
      await page.selectOption('select[name="game"]', 'dragonchess');
      await page.selectOption('select[name="opponent"]', 'computer');
      await page.fill('input[name="level"]', '1');
      await page.click('[data-action="create-game"]');
      await page.waitForSelector('.dragonchess[data-my-side="gold"][data-side-to-move="gold"]');
      captured = false;
    }
    for (let turn = 0; turn < 200 && !(captured && promoted); turn++) {
      const state = await page.waitForSelector('.dragonchess[data-side-to-move="gold"], .dragonchess[data-status="finished"]', { timeout: 30000 });
      if (await state.getAttribute('data-status') === 'finished') break;
      const id = page.url().split('/').pop();
      const view = await page.evaluate(async (gameId) => (await fetch(`/api/v1/games/${gameId}`, { headers: { Authorization: `Bearer ${localStorage.getItem('stratagem.token')}` } })).json(), id);
      const pick = choose(view);
      const count = view.moves.length;
      await page.click(`[data-square="${pick[2]}"]`);
      await page.waitForSelector(`[data-square="${pick[4]}"][data-target]`);
      if (pick[3] !== '-' && !captured) await shot(page, 'dragonchess-capture-target');
      await page.click(`[data-square="${pick[4]}"]`);
      await page.waitForFunction((n) => document.querySelectorAll('[data-move]').length > n, count);
      captured ||= pick[3] !== '-';
      promoted ||= Boolean(pick[5]);
      // The move list, not the square: the computer may already have answered by taking the Hero.
      if (promoted) assert.ok(await page.locator(`[data-move="${pick[0]}"]`).count() >= 1, `${pick[0]} in the move list`);
    }
  }
  await shot(page, 'dragonchess-desktop');
  const ending = await page.locator('[data-result-text]').count() ? await page.innerText('[data-result-text]') : 'still playing';
  assert.ok(captured, 'Gold made a capture');
  assert.ok(promoted, `Gold promoted a Warrior (game: ${ending})`);
  assert.deepEqual(await accessibilityProblems(page), []);
  assert.deepEqual(page.problems, []);

  const token = await page.evaluate(() => localStorage.getItem('stratagem.token'));
  const phoneContext = await shared.browser.newContext(phone);
  await phoneContext.addInitScript((t) => localStorage.setItem('stratagem.token', t), token);
  const small = await openPage(phoneContext, page.url());
  await small.waitForSelector('.dragonchess');
  await shot(small, 'dragonchess-phone');
  const overflow = await small.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the page is ${overflow}px wider than the phone`);
  await context.close();
  await phoneContext.close();
});

test('check is announced in the reader\'s language while the King is attacked', async () => {
  const context = await shared.browser.newContext(desktop);
  const page = await openPage(context, shared.server.url);
  await signUp(page, 'checked');
  // Gold to move, its King on 2a1 attacked along the a-file by Scarlet's Oliphant on 2a8.
  const position = '12/12/12/12/12/12/12/12|o10k/12/12/12/12/12/12/K11|12/12/12/12/12/12/12/12 g 0 1';
  const id = await page.evaluate(async (start) => {
    const response = await fetch('/api/v1/games', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('stratagem.token')}` },
      body: JSON.stringify({ game: 'dragonchess', name: 'check', opponent: 'computer', level: 1, side: 'gold', position: start }),
    });
    return (await response.json()).id;
  }, position);
  await page.goto(`${shared.server.url}/games/${id}`);
  await page.waitForSelector('.dragonchess[data-my-side="gold"]');
  assert.equal(await page.innerText('[data-check="gold"]'), 'Check!');
  for (const [language, words] of [['ja', '王手！'], ['zh-Hant', '將軍！'], ['zh-Hans', '将军！']]) {
    await page.selectOption('select[name="language"]', language);
    assert.equal(await page.innerText('[data-check="gold"]'), words);
  }
  // The squares are painted in their board's colours (a square's first rect, not black).
  const fill = (square) => page.$eval(`[data-square="${square}"] rect`, (rect) => getComputedStyle(rect).fill);
  assert.deepEqual([await fill('2a1'), await fill('2b1'), await fill('1a1'), await fill('3a1')],
    ['rgb(238, 240, 216)', 'rgb(185, 196, 142)', 'rgb(227, 238, 250)', 'rgb(230, 217, 204)']);
  await shot(page, 'dragonchess-check');
  // Only the King's steps out of the file are legal.
  await page.click('[data-square="2a1"]');
  const targets = await page.$$eval('[data-target]', (els) => els.map((e) => e.getAttribute('data-square')).sort());
  assert.ok(targets.length > 0 && targets.every((s) => !s.startsWith('2a')), targets.join(' '));
  assert.deepEqual(page.problems, []);
  await context.close();
});
