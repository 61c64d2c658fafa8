// The map on a desktop and on a phone (issue 29 §2, §3), measured in Chromium: every
// province named in the reader's script at fit zoom and zoomed in, names clear of each
// other, of units, centres and coast markers; units clear of each other and of centres,
// each 24 px to tap and hit where it is drawn; the whole map on the first screen of a
// desktop; a map that stays where it is while a unit is ordered; zoom by buttons and wheel;
// convoys drawn along their route, the phase's own orders drawn, and every power's orders
// with their results after processing. Screenshots of the map in four languages, both sizes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clickProvince, desktop, openPage, phone, sharedServerAndBrowser, shot, signUp, twoPlayerGame } from './harness.mjs';
import { collisions, latinOnly, measureMap, unnamedInView } from './map-measure.mjs';

const shared = sharedServerAndBrowser();

const languages = ['zh-Hant', 'ja', 'zh-Hans', 'en'];
const provinceCount = 76;
const kindNames = { en: 'Diplomacy', ja: 'ディプロマシー', 'zh-Hant': '外交', 'zh-Hans': '强权外交' };

async function newGame(page, name) {
  await signUp(page, name);
  // A game waiting for players shows the start position in the home colours.
  await page.selectOption('select[name="preset"]', 'daily');
  await page.click('[data-action="create-game"]');
  await page.waitForSelector('.diplomacy[data-status="forming"]');
  assert.equal(await page.getAttribute('[data-unit="A PAR"]', 'data-power'), 'FRANCE');
  assert.equal(await page.getAttribute('[data-center="MOS"]', 'data-owner'), 'RUSSIA');
  await page.goto(page.url().replace(/\/games\/.*$/, '/'));
  await page.selectOption('select[name="preset"]', 'computer');
  await page.selectOption('select[name="my_power"]', 'ENGLAND');
  await page.click('[data-action="create-game"]');
  await page.waitForSelector('.diplomacy[data-my-powers="ENGLAND"][data-phase="S1901M"]');
}

/** The map's figures in one language: names placed, their sizes, collisions, Latin-only names. */
async function figures(page, language) {
  const measured = await measureMap(page);
  const sizes = measured.labels.map((l) => l.size).sort((a, b) => a - b);
  return {
    measured,
    named: new Set(measured.labels.map((l) => l.code)).size,
    smallest: sizes[0],
    median: sizes[Math.floor(sizes.length / 2)],
    collisions: collisions(measured),
    latin: latinOnly(measured, language),
    unnamed: await unnamedInView(page, measured),
  };
}

for (const [size, options] of [['desktop', desktop], ['phone', phone]]) {
  test(`every province named in the reader's script, nothing on anything (${size})`, async (t) => {
    const context = await shared.browser.newContext(options);
    const page = await openPage(context, shared.server.url);
    await newGame(page, `reader_${size}`);
    for (const language of languages) {
      await page.selectOption('select[name="language"]', language);
      // The game was left unnamed on an English page: it is named after its kind in the reader's language.
      assert.equal(await page.textContent('.diplomacy h1'), kindNames[language]);
      await page.click('[data-action="zoom-fit"]');
      await page.waitForTimeout(200);
      const fit = await figures(page, language);
      await shot(page, `map-${size}-${language}`);
      t.diagnostic(`${size} ${language} fit zoom: ${fit.named}/${provinceCount} provinces named, smallest name ` +
        `${fit.smallest.toFixed(1)} px (median ${fit.median.toFixed(1)} px), ${fit.collisions.length} overlaps among ` +
        `${fit.measured.labels.length} names, ${fit.measured.units.length} units and ${fit.measured.centres.length} centres, ` +
        `${fit.latin.length} Latin-only names`);
      assert.equal(fit.named, provinceCount, `${size} ${language}: unnamed ${fit.unnamed.join(' ')}`);
      assert.ok(fit.smallest >= 11, `${size} ${language}: a name of ${fit.smallest.toFixed(1)} px`);
      assert.deepEqual(fit.collisions, [], `${size} ${language}`);
      assert.deepEqual(fit.latin, [], `${size} ${language}`);
      for (const unit of fit.measured.units) {
        assert.ok(unit.tap.w >= 24 && unit.tap.h >= 24, `${unit.unit} is ${unit.tap.w.toFixed(1)}×${unit.tap.h.toFixed(1)} px to tap`);
      }
      // Zoomed in: every province in view still named, nothing on anything.
      await page.click('[data-action="zoom-in"]');
      await page.click('[data-action="zoom-in"]');
      await page.waitForTimeout(200);
      const zoomed = await figures(page, language);
      await shot(page, `map-${size}-${language}-zoomed`);
      assert.deepEqual(zoomed.unnamed, [], `${size} ${language} zoomed in`);
      assert.ok(zoomed.smallest >= 11 && zoomed.measured.labels.every((l) => l.size < 16), `${size} ${language} zoomed in: sizes`);
      assert.deepEqual(zoomed.collisions, [], `${size} ${language} zoomed in`);
      assert.deepEqual(zoomed.latin, [], `${size} ${language} zoomed in`);
    }
    assert.deepEqual(page.problems, []);
    await context.close();
  });
}

test('units: each hit where it is drawn, 24 px to tap, at fit zoom and zoomed in (phone)', async () => {
  const context = await shared.browser.newContext(phone);
  const page = await openPage(context, shared.server.url);
  await newGame(page, 'thumb');
  for (const zoom of [0, 1, 2]) {
    if (zoom) await page.tap('[data-action="zoom-in"]');
    const { units, frame } = await measureMap(page);
    for (const unit of units) {
      assert.ok(unit.tap.w >= 24 && unit.tap.h >= 24, `${unit.unit} is ${unit.tap.w.toFixed(1)}×${unit.tap.h.toFixed(1)} px to tap`);
      const cx = unit.x + unit.w / 2;
      const cy = unit.y + unit.h / 2;
      if (cx < frame.x || cy < frame.y || cx > frame.x + frame.w || cy > frame.y + frame.h) continue;
      const hit = await page.evaluate(([x, y]) => {
        const element = document.elementFromPoint(x, y);
        return element?.closest('[data-unit]')?.getAttribute('data-unit') ?? element?.closest('[data-unit-tap]')?.getAttribute('data-unit-tap') ?? null;
      }, [cx, cy]);
      assert.equal(hit, unit.unit, `a tap on ${unit.unit} at zoom ${zoom}`);
    }
  }
  // The orders panel begins on the first screen; ordering by tapping works zoomed in.
  await page.tap('[data-action="zoom-fit"]');
  const panel = await page.$eval('aside.side', (e) => e.getBoundingClientRect().top);
  assert.ok(panel < 844, `the orders panel starts at ${panel} px, below the first screen`);
  await page.tap('[data-unit="F EDI"]');
  await page.tap('[data-action="zoom-in"]');
  await clickProvince(page, 'NTH', { tap: true });
  await page.waitForSelector('[data-order="F EDI - NTH"].stored');
  assert.deepEqual(page.problems, []);
  await context.close();
});

const pickUnit = {
  phone: { ja: '自分のユニットをタップしてください。', en: 'Tap one of your units.', 'zh-Hant': '點按你的部隊。', 'zh-Hans': '点按你的部队。' },
  desktop: { ja: '自分のユニットをクリックしてください。', en: 'Click one of your units.', 'zh-Hant': '點選你的部隊。', 'zh-Hans': '点击你的部队。' },
};

test('the map stays where it is while a unit is ordered; on a desktop it fits the first screen', async (t) => {
  for (const [size, options] of [['phone', phone], ['desktop', desktop]]) {
    const context = await shared.browser.newContext(options);
    const page = await openPage(context, shared.server.url);
    await newGame(page, `steady_${size}`);
    const where = () => page.$eval('svg.map', (e) => { const r = e.getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height }; });
    const start = await where();
    if (size === 'desktop') {
      assert.ok(start.y >= 0 && start.y + start.h <= 900, `the map spans ${start.y}..${start.y + start.h} px of a 900 px screen`);
      // It uses the width beside the orders panel (it left 162 px unused, at 782 px wide).
      const panel = await page.$eval('aside.side', (e) => e.getBoundingClientRect().x);
      assert.ok(start.w >= 880 && panel - (start.x + start.w) <= 80, `the map is ${start.w} px wide and leaves ${panel - (start.x + start.w)} px before the orders panel`);
    }
    const click = (selector) => (size === 'phone' ? page.tap(selector) : page.click(selector));
    for (const language of ['ja', 'en', 'zh-Hant', 'zh-Hans']) {
      await page.selectOption('select[name="language"]', language);
      await click('[data-unit="F LON"]');
      const selected = await where();
      t.diagnostic(`map position, ${size} ${language}: before selecting a unit x ${start.x} y ${start.y} (${start.w}×${start.h}), after x ${selected.x} y ${selected.y} (${selected.w}×${selected.h})`);
      assert.deepEqual(await where(), start, `${size} ${language}: after selecting a unit`);
      // The prompt and the choices share the bar without covering each other.
      const [prompt, choices] = await Promise.all(['.prompt', '.choices'].map((s) => page.$eval(s, (e) => { const r = e.getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height }; })));
      assert.ok(prompt.x >= choices.x + choices.w || prompt.x + prompt.w <= choices.x || prompt.y >= choices.y + choices.h || prompt.y + prompt.h <= choices.y, `${size} ${language}: the prompt ${JSON.stringify(prompt)} covers the choices ${JSON.stringify(choices)}`);
      await click('[data-action="support"]');
      assert.deepEqual(await where(), start, `${size} ${language}: after choosing support`);
      await click('[data-action="cancel"]');
      assert.deepEqual(await where(), start, `${size} ${language}: after cancelling`);
      await click('[data-unit="F LON"]');
      await shot(page, `map-${size}-${language}-selected`);
      await click('[data-action="hold"]');
      await page.waitForSelector('[data-order="F LON H"].stored');
      assert.deepEqual(await where(), start, `${size} ${language}: after the order`);
      // A phone is tapped and a desktop clicked: the prompt says which.
      assert.equal(await page.innerText('.prompt'), pickUnit[size][language]);
    }
    assert.deepEqual(page.problems, []);
    await context.close();
  }
});

test('zoom keeps the orders drawn and shows more full names; the wheel zooms around the pointer', async () => {
  const context = await shared.browser.newContext(desktop);
  const page = await openPage(context, shared.server.url);
  await newGame(page, 'zoomer');
  await page.click('[data-unit="F LON"]');
  await clickProvince(page, 'NTH');
  await page.waitForSelector('[data-order="F LON - NTH"].stored');
  const viewBox = () => page.getAttribute('svg.map', 'viewBox');
  const before = await measureMap(page);
  const fullBefore = before.labels.filter((l) => l.text.length > 3).length;
  const boxBefore = await viewBox();
  await page.click('[data-action="zoom-in"]');
  await page.click('[data-action="zoom-in"]');
  const zoomed = await measureMap(page);
  assert.notEqual(await viewBox(), boxBefore);
  assert.equal(await page.locator('[data-drawn-order="F LON - NTH"]').count(), 1);
  const fullAfter = zoomed.labels.filter((l) => l.text.length > 3).length;
  assert.ok(fullAfter / zoomed.labels.length >= fullBefore / before.labels.length, `${fullBefore}/${before.labels.length} -> ${fullAfter}/${zoomed.labels.length}`);
  const frame = zoomed.frame;
  await page.mouse.move(frame.x + frame.w / 2, frame.y + frame.h / 2);
  await page.mouse.wheel(0, 300);
  const wheeled = await viewBox();
  assert.notEqual(wheeled, boxBefore);
  await page.click('[data-action="zoom-fit"]');
  assert.equal(await viewBox(), boxBefore);
  // Orders are still given by clicking after zooming.
  await page.click('[data-action="zoom-in"]');
  await page.click('[data-unit="A LVP"]');
  await clickProvince(page, 'YOR');
  await page.waitForSelector('[data-order="A LVP - YOR"].stored');
  await shot(page, 'map-zoomed-desktop');
  assert.deepEqual(page.problems, []);
  await context.close();
});

/** The points of a drawn order's line (map units), and the provinces each lies in. */
const drawnRoute = (page, order) => page.evaluate((text) => {
  const line = document.querySelector(`[data-drawn-order="${text}"] .route`);
  const length = line.getTotalLength();
  const svg = line.ownerSVGElement;
  const provinces = [...svg.querySelectorAll('[data-province]')];
  const out = [];
  for (let i = 0; i <= 40; i++) {
    const p = line.getPointAtLength((length * i) / 40);
    const point = svg.createSVGPoint();
    point.x = p.x;
    point.y = p.y;
    // Land is painted over the seas: the land province a point is in, else its sea.
    const at = provinces.filter((e) => e.isPointInFill(point)).map((e) => ({ code: e.getAttribute('data-province'), land: e.classList.contains('land') }));
    out.push((at.find((a) => a.land) ?? at[0])?.code ?? null);
  }
  return out;
}, order);

test('convoys drawn along their route; the phase\'s own orders drawn; every power\'s orders with results', async () => {
  const context = await shared.browser.newContext(desktop);
  const page = await openPage(context, shared.server.url);
  await signUp(page, 'sultan');
  const { id, me, them } = await twoPlayerGame(page, shared.server.url, { name: 'Convoys', seat: 'AUSTRIA', otherSeat: 'ENGLAND', other: 'entente' });
  assert.equal(await page.getAttribute('.diplomacy', 'data-my-powers'), 'AUSTRIA GERMANY TURKEY');
  const ready = async (phase) => {
    for (const power of ['AUSTRIA', 'GERMANY', 'TURKEY']) await me('POST', `/games/${id}/ready`, { power, ready: true });
    for (const power of ['ENGLAND', 'FRANCE', 'RUSSIA']) await them('POST', `/games/${id}/ready`, { power, ready: true });
    await page.waitForSelector(`.diplomacy[data-phase="${phase}"]`, { timeout: 30000 });
  };
  await me('PUT', `/games/${id}/orders`, { phase: 'S1914M', orders: { TURKEY: ['A CON - BUL', 'F ANK - BLA', 'A SMY - ARM'], AUSTRIA: ['A VIE - GAL'] } });
  await them('PUT', `/games/${id}/orders`, { phase: 'S1914M', orders: { RUSSIA: ['F SEV - RUM'] } });
  await ready('F1914M');

  // Fall: the army in Bulgaria convoyed to Ankara through the Black Sea, and the
  // phase's other kinds of order, all given by clicking: units, buttons, provinces.
  const byClicking = [
    [['F BLA', 'convoy', 'A BUL', 'ANK'], 'F BLA C A BUL - ANK'],
    [['A BUL', 'ANK'], 'A BUL - ANK VIA'],
    [['A ARM', 'SEV'], 'A ARM - SEV'],
    [['A GAL', 'support', 'A BUD', 'RUM'], 'A GAL S A BUD - RUM'],
    [['A BUD', 'RUM'], 'A BUD - RUM'],
    [['F TRI', 'hold'], 'F TRI H'],
  ];
  for (const [steps, order] of byClicking) {
    for (const step of steps) {
      if (/^[AF] /.test(step)) await page.click(`[data-unit="${step}"]`);
      else if (/^[A-Z]{3}$/.test(step)) await clickProvince(page, step);
      else await page.click(`[data-action="${step}"]`);
    }
    await page.waitForSelector(`[data-order="${order}"].stored`);
  }
  const stored = await page.$$eval('[data-power-orders] [data-order].stored', (els) => els.map((e) => e.getAttribute('data-order')).sort());
  const drawn = await page.$$eval('[data-drawn-order]', (els) => els.map((e) => e.getAttribute('data-drawn-order')).sort());
  assert.deepEqual(drawn, stored);

  // The convoyed army's arrow goes by sea, through the convoying fleet's sea; it never
  // crosses Constantinople, where it hid the name and another arrow.
  const route = (await drawnRoute(page, 'A BUL - ANK VIA')).filter(Boolean);
  assert.ok(route.includes('BLA'), `the route lies in ${[...new Set(route)].join(' ')}`);
  assert.deepEqual([...new Set(route)].filter((code) => !['BUL', 'BLA', 'ANK'].includes(code)), []);
  await shot(page, 'map-convoy-desktop');

  // Processed: every power's orders drawn with their results, in the history view of the
  // phase and listed below.
  await them('PUT', `/games/${id}/orders`, { phase: 'F1914M', orders: { RUSSIA: ['F RUM H', 'F STP/SC H', 'A MOS - SEV', 'A WAR H'], ENGLAND: ['F LON - NTH'] } });
  await ready('F1914R');
  await ready('W1914A');
  await page.click('[data-action="history-previous"]');
  await page.click('[data-action="history-previous"]');
  await page.waitForSelector('.history-phase >> text=Fall 1914 movement');
  const results = await page.$$eval('[data-results-power] [data-order]', (els) => els.map((e) => `${e.getAttribute('data-order')} ${e.getAttribute('data-result')}`).sort());
  const drawnResults = await page.$$eval('[data-drawn-order]', (els) => els.map((e) => `${e.getAttribute('data-drawn-order')} ${e.getAttribute('data-result')}`).sort());
  assert.deepEqual(drawnResults, results);
  assert.ok(results.includes('A BUL - ANK VIA ok'), results.join(', '));
  assert.ok(results.includes('F RUM H dislodged'), results.join(', '));
  const convoyed = (await drawnRoute(page, 'A BUL - ANK VIA')).filter(Boolean);
  assert.deepEqual([...new Set(convoyed)].filter((code) => !['BUL', 'BLA', 'ANK'].includes(code)), []);
  await shot(page, 'map-results-desktop');
  assert.deepEqual(page.problems, []);
  await context.close();
});
