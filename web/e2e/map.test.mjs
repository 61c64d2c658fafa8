// The map, readable (issue 16 §2): labels at least 11 px on screen in every language and
// clear of each other and of the units, zoom by buttons and wheel that keeps the orders
// given, units at least 24 px to tap on a phone, and the orders panel within reach there.
// Screenshots of the map in the four languages, desktop and phone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { clickProvince, desktop, launchBrowser, openPage, phone, shot, signUp, startServer } from './harness.mjs';

let server;
let browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

/** Screen boxes of the placed labels and of the units. */
const boxes = (page) => page.evaluate(() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height }; };
  return {
    labels: [...document.querySelectorAll('text[data-label]')].map((e) => ({
      code: e.getAttribute('data-label'), text: e.textContent, size: parseFloat(getComputedStyle(e).fontSize) * e.getScreenCTM().a, ...box(e) })),
    // A unit as drawn (its tap target, larger and invisible, aside), and as tapped.
    units: [...document.querySelectorAll('[data-unit]')].map((e) => {
      const shapes = [...e.children].filter((c) => c.tagName !== 'title' && !c.classList.contains('tap')).map(box);
      const x = Math.min(...shapes.map((b) => b.x));
      const y = Math.min(...shapes.map((b) => b.y));
      return { unit: e.getAttribute('data-unit'), x, y, w: Math.max(...shapes.map((b) => b.x + b.w)) - x,
        h: Math.max(...shapes.map((b) => b.y + b.h)) - y, tap: box(e) };
    }),
    viewBox: document.querySelector('svg.map').getAttribute('viewBox'),
  };
});
// A label's glyph box is a little taller than its letters; a pixel of overlap is not a collision.
const overlap = (a, b) => a.x + 1 < b.x + b.w && b.x + 1 < a.x + a.w && a.y + 2 < b.y + b.h && b.y + 2 < a.y + a.h;

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

test('labels are large enough and clear of each other in every language; zoom keeps the orders', async () => {
  const context = await browser.newContext(desktop);
  const page = await openPage(context, server.url);
  await newGame(page, 'reader');
  for (const language of ['zh-Hant', 'ja', 'zh-Hans', 'en']) {
    await page.selectOption('select[name="language"]', language);
    await page.waitForTimeout(200);
    const { labels, units } = await boxes(page);
    assert.ok(labels.length > 60, `${language}: only ${labels.length} labels`);
    for (const label of labels) assert.ok(label.size >= 11, `${language}: ${label.text} is ${label.size.toFixed(1)} px`);
    for (let i = 0; i < labels.length; i++) {
      for (let j = i + 1; j < labels.length; j++) {
        assert.ok(!overlap(labels[i], labels[j]), `${language}: "${labels[i].text}" and "${labels[j].text}" overlap`);
      }
      for (const unit of units) assert.ok(!overlap(labels[i], unit), `${language}: "${labels[i].text}" lies under ${unit.unit}`);
    }
    await shot(page, `map-desktop-${language}`);
  }

  // An order, then zoom: the view changes, the order stays drawn and more full names fit.
  await page.click('[data-unit="F LON"]');
  await clickProvince(page, 'NTH');
  await page.waitForSelector('[data-order="F LON - NTH"].stored');
  const before = await boxes(page);
  const namesBefore = before.labels.filter((l) => l.text.length > 3).length;
  await page.click('[data-action="zoom-in"]');
  await page.click('[data-action="zoom-in"]');
  const zoomed = await boxes(page);
  assert.notEqual(zoomed.viewBox, before.viewBox);
  assert.equal(await page.locator('[data-drawn-order="F LON - NTH"]').count(), 1);
  for (const label of zoomed.labels) assert.ok(label.size >= 11 && label.size < 16, `${label.text}: ${label.size} px when zoomed`);
  const namesAfter = zoomed.labels.filter((l) => l.text.length > 3).length;
  assert.ok(namesAfter / zoomed.labels.length > namesBefore / before.labels.length, `${namesBefore}/${before.labels.length} -> ${namesAfter}/${zoomed.labels.length}`);
  // The wheel zooms too, around the pointer; the fit button shows the whole map again.
  const map = await page.$('svg.map');
  const frame = await map.boundingBox();
  await page.mouse.move(frame.x + frame.width / 2, frame.y + frame.height / 2);
  await page.mouse.wheel(0, 300);
  assert.notEqual((await boxes(page)).viewBox, zoomed.viewBox);
  await page.click('[data-action="zoom-fit"]');
  assert.equal((await boxes(page)).viewBox, '0 0 1000 834');
  // Orders are still given by clicking after zooming.
  await page.click('[data-action="zoom-in"]');
  await page.click('[data-unit="A LVP"]');
  await clickProvince(page, 'YOR');
  await page.waitForSelector('[data-order="A LVP - YOR"].stored');
  await shot(page, 'map-zoomed-desktop');
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('on a phone: units large enough to tap, the orders panel within reach', async () => {
  const context = await browser.newContext(phone);
  const page = await openPage(context, server.url);
  await newGame(page, 'thumb');
  const { units } = await boxes(page);
  for (const unit of units) assert.ok(unit.tap.w >= 24 && unit.tap.h >= 24, `${unit.unit} is ${unit.tap.w.toFixed(1)}×${unit.tap.h.toFixed(1)} px to tap`);
  const panel = await page.$eval('aside.side', (e) => e.getBoundingClientRect().top);
  assert.ok(panel < 844, `the orders panel starts at ${panel} px, below the first screen`);
  for (const language of ['zh-Hant', 'ja', 'zh-Hans', 'en']) {
    await page.selectOption('select[name="language"]', language);
    await page.waitForTimeout(200);
    const { labels } = await boxes(page);
    for (const label of labels) assert.ok(label.size >= 11, `${language}: ${label.text} is ${label.size.toFixed(1)} px`);
    await shot(page, `map-phone-${language}`);
  }
  // Tapping a unit and a province orders, on a phone too.
  await page.tap('[data-unit="F EDI"]');
  await page.tap('[data-action="zoom-in"]');
  await page.tap('[data-action="zoom-in"]');
  await clickProvince(page, 'NWG', { tap: true });
  await page.waitForSelector('[data-order="F EDI - NWG"].stored');
  assert.deepEqual(page.problems, []);
  await context.close();
});
