// Games of fewer than seven players made from the create form (seed 000 §1.2.3: the
// seats' powers are previewed and shown on the game page), and a two-player 1914 game
// played through a dislodgement: the retreat phase offers the dislodged unit's retreats
// and the adjustment phase the build sites, each ordered by clicking.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { accessibilityProblems, apiClient, desktop, openPage, phone, readyAnyway, sharedServerAndBrowser, shot, signUp } from './harness.mjs';

const shared = sharedServerAndBrowser();

const apiUser = (name) => apiClient(shared.server.url, name);
const seats = (page) => page.$$eval('.setup-preview [data-seat]', (items) => items.map((li) => li.getAttribute('data-seat')));

test('a four-player game from the form: the seats previewed, created, joined as Austria and France', async () => {
  const context = await shared.browser.newContext(desktop);
  const page = await openPage(context, shared.server.url);
  await signUp(page, 'austria');
  await page.selectOption('select[name="preset"]', 'computer');
  await page.selectOption('select[name="players"]', '3');
  assert.deepEqual(await seats(page), ['RUSSIA', 'ENGLAND+FRANCE+GERMANY', 'AUSTRIA+ITALY+TURKEY']);
  await page.selectOption('select[name="setup"]', '3b');
  assert.deepEqual(await seats(page), ['AUSTRIA+ENGLAND+GERMANY', 'ITALY+RUSSIA', 'FRANCE+TURKEY']);
  await page.selectOption('select[name="players"]', '5');
  assert.match(await page.innerText('.setup-preview'), /Germany and Italy/);
  // The preview is the client's copy of the seed's table: every setup equals the server's seats.
  const serverSeats = (body) => page.evaluate(async (game) => {
    const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('stratagem.token')}` };
    const { id } = await (await fetch('/api/v1/games', { method: 'POST', headers, body: JSON.stringify({ game: 'diplomacy', name: 'seats', ...game }) })).json();
    return (await (await fetch(`/api/v1/games/${id}`, { headers })).json()).seat_powers.map((seat) => seat.join('+'));
  }, body);
  for (const [players, setup] of [[6], [5], [4], [3, '3a'], [3, '3b'], [2]]) {
    await page.selectOption('select[name="players"]', String(players));
    if (setup) await page.selectOption('select[name="setup"]', setup);
    assert.deepEqual(await seats(page), await serverSeats({ players, ...(setup ? { setup } : {}) }), `${players} ${setup ?? ''}`);
  }
  await page.selectOption('select[name="players"]', '4');
  assert.equal(await page.inputValue('input[name="computer_players"]'), '3');
  assert.deepEqual(await seats(page), ['ENGLAND', 'AUSTRIA+FRANCE', 'GERMANY+TURKEY', 'ITALY+RUSSIA']);
  await shot(page, 'setups-form-desktop');
  // The seats' powers are offered to the creator as they are previewed.
  assert.deepEqual(await page.$$eval('select[name="my_power"] option', (os) => os.map((o) => o.value)), ['', 'ENGLAND', 'AUSTRIA', 'GERMANY', 'ITALY']);
  await page.selectOption('select[name="my_power"]', 'AUSTRIA');
  await page.click('[data-action="create-game"]');
  await page.waitForSelector('.diplomacy[data-my-powers="AUSTRIA FRANCE"][data-phase="S1901M"]');
  await page.click('[data-tab="powers"]');
  for (const power of ['AUSTRIA', 'FRANCE'])
    assert.match(await page.innerText(`[data-power-row="${power}"]`), /austria/);
  for (const power of ['ENGLAND', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY'])
    assert.match(await page.innerText(`[data-power-row="${power}"]`), /Computer/);
  await shot(page, 'setups-four-players');
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('two players from 1914: a dislodgement, its retreat and a build, ordered by clicking', async () => {
  const context = await shared.browser.newContext(desktop);
  const page = await openPage(context, shared.server.url);
  await signUp(page, 'central');
  await page.selectOption('select[name="preset"]', 'custom');
  await page.selectOption('select[name="players"]', '2');
  assert.deepEqual(await seats(page), ['ENGLAND+FRANCE+RUSSIA', 'AUSTRIA+GERMANY+TURKEY']);
  assert.match(await page.innerText('.setup-preview'), /1914/);
  for (const [language, words] of [['ja', /席：.*イギリス.*1914年開始/s], ['zh-Hant', /席位：.*英國.*1914年始/s], ['zh-Hans', /席位：.*英国.*1914年开始/s]]) {
    await page.selectOption('select[name="language"]', language);
    assert.match(await page.innerText('.setup-preview'), words);
  }
  await shot(page, 'setups-two-players-zh-Hans');
  await page.selectOption('select[name="language"]', 'en');
  await page.fill('input[name="name"]', 'The Great War');
  await page.selectOption('select[name="my_power"]', 'AUSTRIA');
  await page.click('[data-action="create-game"]');
  await page.waitForSelector('.diplomacy[data-status="forming"]');
  const id = page.url().split('/').pop();
  assert.deepEqual(await seats(page), ['ENGLAND+FRANCE+RUSSIA', 'AUSTRIA+GERMANY+TURKEY']);
  await page.waitForSelector('text=/Austria, Germany(,)? and Turkey/');
  const entente = await apiUser('entente');
  assert.deepEqual((await entente('POST', `/games/${id}/join`, { power: 'FRANCE' })).powers, ['ENGLAND', 'FRANCE', 'RUSSIA']);
  const ready = async (phase) => {
    for (const power of ['ENGLAND', 'FRANCE', 'RUSSIA']) {
      const view = await entente('GET', `/games/${id}`);
      if (view.phase === phase && view.powers[power].to_order) await entente('POST', `/games/${id}/ready`, { power, ready: true });
    }
  };
  await page.waitForSelector('.diplomacy[data-my-powers="AUSTRIA GERMANY TURKEY"][data-phase="S1914M"]');

  // Spring 1914: Munich walks into Burgundy.
  await page.click('[data-unit="A MUN"]');
  await page.click('[data-province="BUR"]');
  await page.waitForSelector('[data-order="A MUN - BUR"].stored');
  await readyAnyway(page);
  await ready('S1914M');
  await page.waitForSelector('.diplomacy[data-phase="F1914M"]', { timeout: 30000 });

  // Fall 1914: France takes Burgundy with support; Germany takes Denmark and leaves Berlin.
  await entente('PUT', `/games/${id}/orders`, { phase: 'F1914M', orders: { FRANCE: ['A PAR - BUR', 'A MAR S A PAR - BUR'] } });
  await page.selectOption('select[name="order_power"]', 'GERMANY');
  for (const order of ['F KIE - DEN', 'A BER - KIE']) {
    await page.fill('input[name="order"]', order);
    await page.press('input[name="order"]', 'Enter');
    await page.waitForSelector(`[data-order="${order}"].stored`);
  }
  await readyAnyway(page);
  await ready('F1914M');

  // The retreat: the dislodged army and exactly its retreat options are marked.
  await page.waitForSelector('.diplomacy[data-phase="F1914R"]', { timeout: 30000 });
  const phases = await entente('GET', `/games/${id}/phases`);
  const results = (power) => phases.at(-1).orders[power].map((o) => `${o.order} ${o.result}`).sort();
  assert.deepEqual(results('FRANCE'), ['A MAR S A PAR - BUR ok', 'A PAR - BUR ok', 'null hold']);
  assert.deepEqual(results('GERMANY'), ['A BER - KIE ok', 'F KIE - DEN ok', 'null dislodged']);
  await page.waitForSelector('[data-unit-result="A BUR"][data-result="dislodged"]');
  const options = (await entente('GET', `/games/${id}`)).retreats.GERMANY['A BUR'];
  assert.deepEqual([...options].sort(), ['BEL', 'GAS', 'MUN', 'PIC', 'RUH']);
  assert.deepEqual(await page.$$eval('[data-province].target', (els) => els.map((e) => e.getAttribute('data-province'))), ['BUR']);
  await page.click('[data-unit="A BUR"][data-dislodged]');
  await page.waitForSelector('[data-action="disband"]');
  const marked = await page.$$eval('[data-province].target', (els) => els.map((e) => e.getAttribute('data-province')).sort());
  assert.deepEqual(marked, ['BEL', 'GAS', 'MUN', 'PIC', 'RUH']);
  assert.equal(await page.innerText('[data-power-orders="AUSTRIA"] p'), 'Nothing to order this phase.');
  await shot(page, 'retreat-options-desktop');
  await page.click('[data-province="RUH"]');
  await page.waitForSelector('[data-order="A BUR R RUH"].stored');
  await page.click('[data-action="ready"]');

  // The adjustment: Germany owns Denmark now; its empty home centres are the build sites.
  await page.waitForSelector('.diplomacy[data-phase="W1914A"]', { timeout: 30000 });
  assert.equal(await page.getAttribute('[data-center="DEN"]', 'data-owner'), 'GERMANY');
  assert.ok(await page.locator('[data-unit="A RUH"][data-power="GERMANY"]').count() === 1);
  const sites = await page.$$eval('[data-province].target', (els) => els.map((e) => e.getAttribute('data-province')).sort());
  assert.deepEqual(sites, ['BER', 'MUN']);
  assert.equal(await page.innerText('.prompt'), 'Build sites · Germany may build 1');
  await shot(page, 'build-sites-desktop');
  await page.click('[data-province="BER"]');
  const choices = await page.$$eval('[data-action="build"]', (els) => els.map((e) => e.textContent));
  assert.deepEqual(choices, ['Army Berlin', 'Fleet Berlin']);
  await page.click('[data-action="build"] >> text=Army Berlin');
  await page.waitForSelector('[data-order="A BER B"].stored');
  assert.equal(await page.innerText('[data-order="A BER B"] .order-text'), 'Army built in Berlin');
  assert.deepEqual(await accessibilityProblems(page), []);
  await page.click('[data-action="ready"]');
  await page.waitForSelector('.diplomacy[data-phase="S1915M"]', { timeout: 30000 });
  assert.equal(await page.getAttribute('[data-unit="A BER"]', 'data-power'), 'GERMANY');
  // The last phase's results are fetched after the new phase arrives: wait for them.
  await page.waitForSelector('[data-order="A BER B"][data-result="ok"]');
  assert.equal(await page.locator('[data-order="A BER B"][data-result="ok"]').count(), 1);
  await shot(page, 'after-build-desktop');

  const token = await page.evaluate(() => localStorage.getItem('stratagem.token'));
  const phoneContext = await shared.browser.newContext(phone);
  await phoneContext.addInitScript((t) => localStorage.setItem('stratagem.token', t), token);
  const small = await openPage(phoneContext, page.url());
  await small.waitForSelector('.diplomacy[data-phase="S1915M"]');
  await shot(small, 'after-build-phone');
  assert.deepEqual(page.problems, []);
  assert.deepEqual(small.problems, []);
  await context.close();
  await phoneContext.close();
});

test('a game that reaches its end year ends there, by the most units', async () => {
  const context = await shared.browser.newContext(desktop);
  const page = await openPage(context, shared.server.url);
  await signUp(page, 'short');
  await page.selectOption('select[name="preset"]', 'custom');
  await page.selectOption('select[name="players"]', '2');
  await page.fill('input[name="end_year"]', '1914');
  await page.selectOption('select[name="my_power"]', 'ENGLAND');
  await page.click('[data-action="create-game"]');
  await page.waitForSelector('.diplomacy[data-status="forming"]');
  const id = page.url().split('/').pop();
  const other = await apiUser('long');
  await other('POST', `/games/${id}/join`, { power: 'AUSTRIA' });
  await page.waitForSelector('.diplomacy[data-phase="S1914M"]');
  const token = await page.evaluate(() => localStorage.getItem('stratagem.token'));
  const mine = (path, body) => fetch(`${shared.server.url}/api/v1${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` } });
  // Germany takes Holland; nobody else moves. Every phase is made ready at once.
  await other('PUT', `/games/${id}/orders`, { phase: 'S1914M', orders: { GERMANY: ['A MUN - RUH'] } });
  for (const phase of ['S1914M', 'F1914M', 'W1914A']) {
    await page.waitForSelector(`.diplomacy[data-phase="${phase}"], .diplomacy[data-status="finished"]`, { timeout: 30000 });
    if (await page.locator('.diplomacy[data-status="finished"]').count()) break;
    if (phase === 'F1914M') await other('PUT', `/games/${id}/orders`, { phase, orders: { GERMANY: ['A RUH - HOL'] } });
    const view = await other('GET', `/games/${id}`);
    for (const [power, seat] of Object.entries(view.powers)) {
      if (!seat.to_order) continue;
      if (['AUSTRIA', 'GERMANY', 'TURKEY'].includes(power)) await other('POST', `/games/${id}/ready`, { power, ready: true });
      else await mine(`/games/${id}/ready`, { power, ready: true });
    }
  }
  await page.waitForSelector('.diplomacy[data-status="finished"]', { timeout: 30000 });
  assert.match(await page.innerText('[data-game-result]'), /^Game over at the agreed year: [A-Za-z, ]+ won with the most units$/);
  await shot(page, 'end-year-desktop');
  assert.deepEqual(page.problems, []);
  await context.close();
});
