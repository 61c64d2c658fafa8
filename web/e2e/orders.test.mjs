// Never lose an order (issue 16 §1): a typed order replaces a clicked one for the same unit
// (and the page after a reload agrees), convoys entered by clicking from and to provinces
// with two coasts, the coast asked exactly when it matters, the list of units still
// without an order, Ready asking first while any is left, and a draw voted by two people.
// Orders typed as prose in Japanese and Chinese, the page's own sentences among them, and
// supports naming only where the move goes (the unit read from the board, or refused with
// every reading).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { apiClient, clickProvince, desktop, openPage, sharedServerAndBrowser, shot, signUp, twoPlayerGame } from './harness.mjs';

const shared = sharedServerAndBrowser();

const unordered = (page) => page.$$eval('[data-unordered]', (els) => els.map((e) => e.getAttribute('data-unordered')).sort());
const stored = (page, power) => page.$$eval(`[data-power-orders="${power}"] [data-order].stored`, (els) => els.map((e) => e.getAttribute('data-order')).sort());

test('a two-player game: replacing, convoys by clicking, the unordered list, Ready, a draw', async () => {
  const context = await shared.browser.newContext(desktop);
  const page = await openPage(context, shared.server.url);
  await signUp(page, 'entente');
  await page.selectOption('select[name="preset"]', 'custom');
  await page.selectOption('select[name="players"]', '2');
  await page.fill('input[name="name"]', 'Orders');
  await page.selectOption('select[name="my_power"]', 'ENGLAND');
  await page.click('[data-action="create-game"]');
  await page.waitForSelector('.diplomacy[data-status="forming"]');
  const id = page.url().split('/').pop();
  // Seated at creation, the creator is told so, never that they are watching.
  assert.match(await page.innerText('.game-head'), /You play England, France, and Russia/);
  assert.doesNotMatch(await page.innerText('.game-head'), /watching/);
  const central = await apiClient(shared.server.url, 'central');
  await central('POST', `/games/${id}/join`, { power: 'TURKEY' });
  await page.waitForSelector('.diplomacy[data-my-powers="ENGLAND FRANCE RUSSIA"][data-phase="S1914M"]');
  const me = await page.evaluate(() => localStorage.getItem('stratagem.token'));
  const mine = async (method, path, body) => {
    const response = await fetch(`${shared.server.url}/api/v1${path}`, { method, body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${me}` } });
    assert.ok(response.ok, await response.text());
  };

  // Every unit of the three powers is listed as still to order.
  assert.deepEqual(await unordered(page), ['A LVP', 'A MAR', 'A MOS', 'A PAR', 'A WAR', 'F BRE', 'F EDI', 'F LON', 'F SEV', 'F STP/SC'].sort());

  // A clicked order, then a typed one for the same unit in Japanese: the typed one stands.
  await page.click('[data-unit="A WAR"]');
  await clickProvince(page, 'UKR');
  await page.waitForSelector('[data-order="A WAR - UKR"].stored');
  assert.ok(!(await unordered(page)).includes('A WAR'));
  await page.selectOption('select[name="order_power"]', 'RUSSIA');
  await page.fill('input[name="order"]', '陸軍 ワルシャワ 維持');
  await page.press('input[name="order"]', 'Enter');
  await page.waitForSelector('[data-order="A WAR H"].stored');
  assert.deepEqual(await stored(page, 'RUSSIA'), ['A WAR H']);
  assert.equal(await page.locator('li.refused').count(), 0);
  // Typed in English over a typed order, then clicked over a typed one.
  await page.fill('input[name="order"]', 'A War-Gal');
  await page.press('input[name="order"]', 'Enter');
  await page.waitForSelector('[data-order="A WAR - GAL"].stored');
  await page.click('[data-unit="A WAR"]');
  await page.click('[data-action="hold"]');
  await page.waitForSelector('[data-order="A WAR H"].stored');
  assert.deepEqual(await stored(page, 'RUSSIA'), ['A WAR H']);
  await page.reload();
  await page.waitForSelector('[data-order="A WAR H"].stored');
  assert.deepEqual(await stored(page, 'RUSSIA'), ['A WAR H']);

  // Ready with units left asks first; cancelling keeps the phase waiting.
  await page.click('[data-action="ready"]');
  await page.waitForSelector('[data-action="ready-confirm"]');
  assert.match(await page.innerText('.confirm'), /9 still without an order/);
  await shot(page, 'orders-ready-confirm-desktop');
  await page.click('[data-action="ready-cancel"]');
  assert.equal(await page.getAttribute('[data-action="ready"]', 'aria-pressed'), 'false');

  // Spring: fleets into the seas, an army into Spain; Turkey walks into Bulgaria.
  await mine('PUT', `/games/${id}/orders`, { phase: 'S1914M', orders: {
    ENGLAND: ['F LON - NTH', 'A LVP - YOR'], FRANCE: ['F BRE - MAO', 'A MAR - SPA'], RUSSIA: ['F SEV - BLA', 'A WAR - UKR'] } });
  await central('PUT', `/games/${id}/orders`, { phase: 'S1914M', orders: { TURKEY: ['A CON - BUL'], AUSTRIA: ['A VIE - GAL'] } });
  for (const power of ['ENGLAND', 'FRANCE', 'RUSSIA']) await mine('POST', `/games/${id}/ready`, { power, ready: true });
  for (const power of ['AUSTRIA', 'GERMANY', 'TURKEY']) await central('POST', `/games/${id}/ready`, { power, ready: true });
  await page.waitForSelector('.diplomacy[data-phase="F1914M"]', { timeout: 30000 });
  await page.waitForSelector('[data-unit="A BUL"][data-power="TURKEY"]');

  // A fleet convoys an army out of a province with two coasts (Bulgaria, Spain).
  await page.click('[data-unit="F BLA"]');
  await page.click('[data-action="convoy"]');
  await page.click('[data-unit="A BUL"]');
  const landings = await page.$$eval('[data-province].target', (els) => els.map((e) => e.getAttribute('data-province')).sort());
  assert.deepEqual(landings, ['ANK', 'ARM', 'CON', 'RUM', 'SEV']);
  await clickProvince(page, 'SEV');
  await page.waitForSelector('[data-order="F BLA C A BUL - SEV"].stored');

  // The coast is asked when the fleet could reach both (Mid-Atlantic to Spain) ...
  await page.click('[data-unit="F MAO"]');
  await clickProvince(page, 'SPA');
  const coasts = await page.$$eval('[data-location-choice]', (els) => els.map((e) => e.getAttribute('data-location-choice')).sort());
  assert.deepEqual(coasts, ['SPA/NC', 'SPA/SC']);
  await page.click('[data-location-choice="SPA/SC"]');
  await page.waitForSelector('[data-order="F MAO - SPA/SC"].stored');
  // ... and the same fleet ordered to convoy replaces that move.
  await page.click('[data-unit="F MAO"]');
  await page.click('[data-action="convoy"]');
  await page.click('[data-unit="A SPA"]');
  await clickProvince(page, 'NAF');
  await page.waitForSelector('[data-order="F MAO C A SPA - NAF"].stored');
  assert.equal(await page.locator('[data-order="F MAO - SPA/SC"]').count(), 0);
  await page.click('[data-unit="A SPA"]');
  await clickProvince(page, 'NAF');
  // A move that needs a convoy is stored as one (VIA), and read as "by convoy".
  await page.waitForSelector('[data-order="A SPA - NAF VIA"].stored');
  assert.equal(await page.innerText('[data-order="A SPA - NAF VIA"] .order-text'), 'Army Spain moves to North Africa by convoy');

  // England: an army convoyed to Norway, and its fleet's convoy.
  await page.click('[data-unit="A YOR"]');
  await clickProvince(page, 'NWY');
  await page.waitForSelector('[data-order="A YOR - NWY VIA"].stored');
  await page.click('[data-unit="F NTH"]');
  await page.click('[data-action="convoy"]');
  await page.click('[data-unit="A YOR"]');
  await clickProvince(page, 'NWY');
  await page.waitForSelector('[data-order="F NTH C A YOR - NWY"].stored');

  // The rest hold, by clicking each unit still listed; the list empties.
  for (const unit of await unordered(page)) {
    await page.click(`[data-unit="${unit}"]`);
    await page.click('[data-action="hold"]');
    await page.waitForSelector(`[data-order="${unit} H"].stored`);
  }
  assert.deepEqual(await unordered(page), []);
  await shot(page, 'orders-all-given-desktop');
  // Nothing left: Ready goes at once.
  await page.click('[data-action="ready"]');
  await page.waitForSelector('[data-action="ready"][aria-pressed="true"]');
  // Austria walks into Warsaw, left empty.
  await central('PUT', `/games/${id}/orders`, { phase: 'F1914M', orders: { TURKEY: ['A BUL H'], AUSTRIA: ['A GAL - WAR'] } });
  for (const power of ['AUSTRIA', 'GERMANY', 'TURKEY']) await central('POST', `/games/${id}/ready`, { power, ready: true });
  await page.waitForSelector('.diplomacy[data-phase="W1914A"]', { timeout: 30000 });
  await page.waitForSelector('[data-order="A SPA - NAF VIA"][data-result="ok"]');
  await page.waitForSelector('[data-order="A YOR - NWY VIA"][data-result="ok"]');
  await page.waitForSelector('[data-order="F BLA C A BUL - SEV"][data-result]');

  // Winter: Russia lost Warsaw and must remove a unit; England took Norway and may build.
  assert.deepEqual(await unordered(page), ['build', 'disband']);
  await page.click('[data-unit="A UKR"]');
  await page.waitForSelector('[data-order="A UKR D"].stored');
  await clickProvince(page, 'LON');
  await page.click('[data-action="build"] >> text=Army London');
  await page.waitForSelector('[data-order="A LON B"].stored');
  assert.deepEqual(await unordered(page), []);
  await shot(page, 'orders-adjustments-desktop');

  // A draw, voted by both people: the page asks first, the button shows the vote, a
  // withdrawal needs no question, and the game ends.
  await page.click('[data-action="vote-draw"]');
  await page.click('[data-action="vote-draw-confirm"]');
  await page.waitForSelector('[data-action="vote-draw"][aria-pressed="true"]');
  await page.click('[data-action="vote-draw"]');
  await page.waitForSelector('[data-action="vote-draw"][aria-pressed="false"]');
  await page.click('[data-action="vote-draw"]');
  await page.click('[data-action="vote-draw-confirm"]');
  await page.waitForSelector('[data-action="vote-draw"][aria-pressed="true"]');
  // The end vote is cast and withdrawn the same way.
  await page.click('[data-action="vote-end"]');
  await page.click('[data-action="vote-end-confirm"]');
  await page.waitForSelector('[data-action="vote-end"][aria-pressed="true"]');
  await page.click('[data-action="vote-end"]');
  await page.waitForSelector('[data-action="vote-end"][aria-pressed="false"]');
  for (const power of ['AUSTRIA', 'GERMANY', 'TURKEY']) await central('POST', `/games/${id}/draw_vote`, { power, draw: true });
  await page.waitForSelector('.diplomacy[data-status="finished"]', { timeout: 20000 });
  assert.match(await page.innerText('[data-game-result]'), /^Game over: a draw shared by [A-Z]/);
  await shot(page, 'orders-draw-desktop');
  // The lobby says how the game ended, in the page's language.
  await page.click('a.brand');
  await page.selectOption('select[name="language"]', 'ja');
  const listed = page.locator(`li[data-game-id="${id}"] [data-game-result]`);
  await listed.waitFor();
  assert.match(await listed.innerText(), /引き分け/);
  await shot(page, 'lobby-finished-ja');
  await page.selectOption('select[name="language"]', 'en');
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('prose orders typed on a Japanese and a traditional Chinese page, the page\'s own sentences among them', async () => {
  const context = await shared.browser.newContext(desktop);
  const page = await openPage(context, shared.server.url);
  await signUp(page, 'prose');
  await twoPlayerGame(page, shared.server.url, { name: 'Prose', seat: 'ENGLAND', otherSeat: 'TURKEY', other: 'prose-turkey' });
  const type = async (text, order) => {
    await page.fill('input[name="order"]', text);
    await page.press('input[name="order"]', 'Enter');
    await page.waitForSelector(`[data-order="${order}"].stored`);
    assert.equal(await page.locator('li.refused').count(), 0, text);
  };
  // A support naming only its destination: Brest's fleet is the only other unit that can
  // move to the Channel.
  await page.selectOption('select[name="order_power"]', 'ENGLAND');
  await type('fleet in London supports the move to the Channel', 'F LON S F BRE - ENG');
  assert.equal(await page.innerText('[data-order="F LON S F BRE - ENG"] .order-text'), 'Fleet London supports Fleet Brest to English Channel');
  await page.selectOption('select[name="language"]', 'ja');
  await type('ロンドンの艦隊がウェールズへの移動を支援', 'F LON S A LVP - WAL');
  await page.selectOption('select[name="order_power"]', 'FRANCE');
  // The sentence the page writes for an order, typed back, is that order.
  await type('パリの陸軍がピカルディへ移動', 'A PAR - PIC');
  assert.equal(await page.innerText('[data-order="A PAR - PIC"] .order-text'), 'パリの陸軍がピカルディへ移動');
  await type('マルセイユの陸軍はパリの陸軍のブルゴーニュへの移動を支援する', 'A MAR S A PAR - BUR');
  assert.equal(await page.innerText('[data-order="A MAR S A PAR - BUR"] .order-text'), 'マルセイユの陸軍がパリの陸軍のブルゴーニュへの移動を支援');
  await shot(page, 'orders-prose-ja-desktop');
  await page.selectOption('select[name="language"]', 'zh-Hant');
  await type('巴黎的陸軍移動至勃艮第', 'A PAR - BUR');
  assert.equal(await page.locator('[data-order="A PAR - PIC"]').count(), 0);
  await type('布雷斯特的艦隊攻擊英吉利海峽', 'F BRE - ENG');
  assert.equal(await page.innerText('[data-order="A PAR - BUR"] .order-text'), '陸軍巴黎移動至勃艮第');
  assert.deepEqual(await stored(page, 'FRANCE'), ['A MAR S A PAR - BUR', 'A PAR - BUR', 'F BRE - ENG']);
  await page.selectOption('select[name="order_power"]', 'ENGLAND');
  await type('倫敦的艦隊支援移動至英吉利海峽', 'F LON S F BRE - ENG');
  assert.deepEqual(await stored(page, 'ENGLAND'), ['F LON S F BRE - ENG']);
  // Marseilles' and Munich's armies can both move to Burgundy: refused, naming both.
  await page.selectOption('select[name="order_power"]', 'FRANCE');
  await page.fill('input[name="order"]', '巴黎的陸軍支援移動至勃艮第');
  await page.press('input[name="order"]', 'Enter');
  const refused = page.locator('li.refused[data-order-input="巴黎的陸軍支援移動至勃艮第"] .reason');
  await refused.waitFor();
  assert.equal(await refused.innerText(), '能移動至勃艮第的部隊不止一個，須寫明是哪一個：陸軍 馬賽（A MAR）、陸軍 慕尼黑（A MUN）');
  assert.deepEqual(await stored(page, 'FRANCE'), ['A MAR S A PAR - BUR', 'A PAR - BUR', 'F BRE - ENG']);
  await shot(page, 'orders-prose-zh-Hant-desktop');
  assert.deepEqual(page.problems, []);
  await context.close();
});
