// A Diplomacy game against six computer players: orders by clicking and typed in
// Japanese, ready, the results on the map and in the list, history, the phone view.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { accessibilityProblems, desktop, englishLeft, openPage, phone, sharedServerAndBrowser, shot, signUp, visibleEnglish } from './harness.mjs';

const shared = sharedServerAndBrowser();

test('play a phase against six computers, see the results, step back through history', async () => {
  const context = await shared.browser.newContext(desktop);
  const page = await openPage(context, shared.server.url);
  await signUp(page, 'france');
  await page.selectOption('select[name="game"]', 'diplomacy');
  await page.fill('input[name="name"]', 'ヨーロッパ 1901');
  await page.selectOption('select[name="preset"]', 'computer');
  assert.equal(await page.inputValue('input[name="computer_players"]'), '6');
  await page.selectOption('select[name="my_power"]', 'FRANCE');
  await page.click('[data-action="create-game"]');
  await page.waitForSelector('.diplomacy[data-my-powers="FRANCE"][data-phase="S1901M"]');
  const gameUrl = page.url();

  // The board: every province, split coasts, centres and the starting units.
  assert.equal(await page.locator('[data-province]').count(), 76);
  assert.equal(await page.locator('[data-location]').count(), 6);
  assert.equal(await page.locator('[data-center]').count(), 34);
  assert.equal(await page.getAttribute('[data-center="PAR"]', 'data-owner'), 'FRANCE');
  assert.equal(await page.getAttribute('[data-unit="F STP/SC"]', 'data-power'), 'RUSSIA');

  // By clicking: a unit, then a province.
  await page.click('[data-unit="A PAR"]');
  await page.click('[data-province="BUR"]');
  await page.waitForSelector('[data-order="A PAR - BUR"].stored');
  // Support by clicking: the fleet, "support", the supported unit, its destination; then
  // the same fleet ordered again (to hold) replaces its order.
  await page.click('[data-unit="F BRE"]');
  await page.click('[data-action="support"]');
  await page.click('[data-unit="A PAR"]');
  await page.click('[data-province="PIC"]');
  await page.waitForSelector('[data-order="F BRE S A PAR - PIC"].stored');
  await page.click('[data-unit="F BRE"]');
  await page.click('[data-action="hold"]');
  await page.waitForSelector('[data-order="F BRE H"].stored');
  assert.equal(await page.locator('[data-order="F BRE S A PAR - PIC"]').count(), 0);
  // Typed in Japanese.
  await page.fill('input[name="order"]', '陸軍 マルセイユ 移動 スペイン');
  await page.press('input[name="order"]', 'Enter');
  await page.waitForSelector('[data-order="A MAR - SPA"].stored');
  // A refused order says why.
  await page.fill('input[name="order"]', 'A PAR - MOS');
  await page.click('[data-action="add-order"]');
  await page.waitForSelector('li.refused .reason');
  await shot(page, 'diplomacy-orders-desktop');

  await page.click('[data-action="ready"]');
  await page.waitForSelector('.diplomacy[data-phase="F1901M"]', { timeout: 60000 });
  await page.waitForSelector('[data-order="A PAR - BUR"][data-result="ok"]');
  await page.waitForSelector('[data-order="A MAR - SPA"][data-result]');
  assert.equal(await page.locator('[data-unit="A BUR"][data-power="FRANCE"]').count(), 1);
  assert.equal(await page.locator('[data-unit="A PAR"]').count(), 0);
  // Results as sentences, every unit of every power, computer players marked.
  assert.equal(await page.innerText('[data-order="A PAR - BUR"] .order-text'), 'Army Paris moves to Burgundy');
  assert.equal(await page.innerText('[data-order="F BRE H"] .order-text'), 'Fleet Brest holds');
  assert.equal(await page.locator('[data-results-power] li').count(), 22);
  assert.equal(await page.locator('[data-results-power="GERMANY"] .tag.computer').count(), 1);
  assert.equal(await page.locator('[data-results-power="FRANCE"] .tag.computer').count(), 0);
  await shot(page, 'diplomacy-results-desktop');

  // History: back to Spring 1901 with its orders drawn.
  await page.click('[data-action="history-previous"]');
  await page.waitForSelector('[data-unit="A PAR"]');
  assert.ok(await page.locator('[data-drawn-order="A PAR - BUR"]').count() === 1);
  assert.equal(await page.locator('[data-drawn-order="A PAR - BUR"] title').textContent(), 'Army Paris moves to Burgundy — succeeded');
  assert.equal(await page.innerText('[data-results-power="FRANCE"] [data-order="A PAR - BUR"] .order-text'), 'Army Paris moves to Burgundy');
  await shot(page, 'diplomacy-history-desktop');
  await page.click('[data-action="history-next"]');
  await page.waitForSelector('[data-unit="A BUR"]');

  // With the keyboard: a unit, then one of its highlighted destinations.
  await page.focus('[data-unit="A BUR"]');
  await page.keyboard.press('Enter');
  await page.focus('[data-province="RUH"][tabindex="0"]');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-order="A BUR - RUH"].stored');

  // The language changes the map's names and the order words at once.
  for (const name of ['Burgundy', 'Army', 'Moscow']) assert.ok((await page.innerText('body')).includes(name), `${name} is shown in English first`);
  const english = await visibleEnglish(page);
  assert.ok(english.length >= 10, `English texts on the game page: ${english}`);
  await page.selectOption('select[name="language"]', 'ja');
  await page.waitForSelector('text=1901年秋移動');
  assert.deepEqual(await englishLeft(page, english, 'ja'), []);
  for (const name of ['Burgundy', 'Army', 'Moscow']) assert.ok(!(await page.innerText('body')).includes(name), `${name} is still in English`);
  assert.equal(await page.innerText('[data-order="A PAR - BUR"] .order-text'), 'パリの陸軍がブルゴーニュへ移動');
  assert.equal(await page.innerText('[data-order="F BRE H"] .order-text'), 'ブレストの海軍が維持');
  // One source of an order's words: the order list and the map's title say the same sentence.
  assert.equal(await page.innerText('[data-order="A BUR - RUH"] .order-text'), 'ブルゴーニュの陸軍がルールへ移動');
  assert.equal(await page.locator('[data-drawn-order="A BUR - RUH"] title').textContent(), 'ブルゴーニュの陸軍がルールへ移動');
  await shot(page, 'diplomacy-results-desktop-ja');
  assert.deepEqual(await accessibilityProblems(page), []);
  assert.deepEqual(page.problems, []);

  // The same game on a phone, signed in from the stored session.
  const phoneContext = await shared.browser.newContext(phone);
  await phoneContext.addInitScript(([token]) => localStorage.setItem('stratagem.token', token), [await page.evaluate(() => localStorage.getItem('stratagem.token'))]);
  const small = await openPage(phoneContext, gameUrl);
  await small.waitForSelector('.diplomacy[data-phase="F1901M"]');
  await shot(small, 'diplomacy-phone');
  const overflow = await small.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the page is ${overflow}px wider than the phone`);
  await small.click('[data-unit="A BUR"]');
  await small.click('[data-province="MUN"]');
  await small.waitForSelector('[data-order="A BUR - MUN"].stored');
  assert.deepEqual(small.problems, []);
  await context.close();
  await phoneContext.close();
});
