// Every screen in the four languages at 1440×900 and 390×844, saved to e2e/artifacts/ as
// screens-<size>-<language>-<screen>.png to be looked at (issue 16 §7). Each screen is also
// checked for what a reader would notice at once: no English left in another language, no
// page error, nothing wider than the screen.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { desktop, englishLeft, openPage, phone, readyAnyway, sharedServerAndBrowser, shot, signUp, visibleEnglish } from './harness.mjs';

const shared = sharedServerAndBrowser();

const languages = ['en', 'zh-Hant', 'zh-Hans', 'ja'];

async function noOverflow(page, what) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(wide <= 1, `${what}: the page is ${wide} px wider than the screen`);
}

// The texts in `selector` laid out on more than one line (a word broken between its
// characters, as コンピュータ|ー was on phones).
async function brokenTexts(page, selector) {
  return page.$$eval(selector, (elements) => elements.filter((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const tops = new Set();
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(text);
      for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
    }
    return tops.size > 1;
  }).map((element) => element.textContent));
}

// Japanese texts in `selector` with a line break inside a word (内乱になるまでの命令なしフ|ェイズ数,
// コンピューターの合意の守り|方), as Intl.Segmenter's words have it: each with "|" where it breaks.
async function wordsBrokenInside(page, selector) {
  return page.$$eval(selector, (elements) => {
    const words = new Intl.Segmenter('ja', { granularity: 'word' });
    const broken = [];
    for (const element of elements) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement.closest('select, option, input, textarea')) continue;
        const text = node.textContent;
        const boundaries = new Set([...words.segment(text)].map((s) => s.index));
        const range = document.createRange();
        let lastTop = null;
        const breaks = [];
        for (let i = 0; i < text.length; ++i) {
          if (/\s/.test(text[i])) continue;
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const rect = range.getClientRects()[0];
          if (!rect) continue;
          if (lastTop !== null && rect.top > lastTop + 2 && !boundaries.has(i)) breaks.push(i);
          lastTop = rect.top;
        }
        if (breaks.length) broken.push(breaks.reduceRight((t, i) => `${t.slice(0, i)}|${t.slice(i)}`, text));
      }
    }
    return broken;
  });
}

for (const [size, options] of [['desktop', desktop], ['phone', phone]]) {
  test(`every screen in four languages (${size})`, async () => {
    const context = await shared.browser.newContext(options);
    const page = await openPage(context, shared.server.url);
    for (const language of languages) {
      await page.selectOption('select[name="language"]', language);
      await shot(page, `screens-${size}-${language}-sign-in`);
    }
    await page.selectOption('select[name="language"]', 'en');
    await signUp(page, `screens_${size}`);
    const english = { lobby: await visibleEnglish(page) };

    // A Diplomacy game against six computers, with press, one phase played.
    // Names of our own, so that the games' names (what people wrote) are not taken for UI text.
    await page.fill('input[name="name"]', '1901 戦役');
    await page.selectOption('select[name="preset"]', 'computer');
    await page.selectOption('select[name="press"]', 'full');
    await page.selectOption('select[name="my_power"]', 'GERMANY');
    await page.click('[data-action="create-game"]');
    await page.waitForSelector('.diplomacy[data-my-powers="GERMANY"][data-phase="S1901M"]');
    const diplomacy = page.url();
    await readyAnyway(page);
    await page.waitForSelector('.diplomacy[data-phase="F1901M"]', { timeout: 60000 });
    await page.waitForSelector('[data-results-power]');
    english.game = await visibleEnglish(page);

    // A Dragonchess game against the computer.
    await page.goto(shared.server.url);
    await page.selectOption('select[name="game"]', 'dragonchess');
    await page.fill('input[name="name"]', '三界棋');
    await page.click('[data-action="create-game"]');
    await page.waitForSelector('.dragonchess');
    const dragonchess = page.url();

    for (const language of languages) {
      await page.goto(shared.server.url);
      await page.waitForSelector('[data-action="create-game"]');
      await page.selectOption('select[name="language"]', language);
      await page.waitForTimeout(150);
      if (language !== 'en') assert.deepEqual(await englishLeft(page, english.lobby, language), [], `lobby in ${language}`);
      await noOverflow(page, `lobby ${language}`);
      await shot(page, `screens-${size}-${language}-lobby`);
      // The whole create form, down to the DAIDE field and its sentence of help.
      await page.selectOption('select[name="preset"]', 'custom');
      await noOverflow(page, `create form ${language}`);
      if (language === 'ja') assert.deepEqual(await wordsBrokenInside(page, 'form.create label'), [], `create form ${language}`);
      await page.locator('input[name="daide_players"]').scrollIntoViewIfNeeded();
      await shot(page, `screens-${size}-${language}-create`);
      await page.goto(diplomacy);
      await page.waitForSelector('[data-results-power]');
      if (language !== 'en') assert.deepEqual(await englishLeft(page, english.game, language), [], `game in ${language}`);
      await noOverflow(page, `game ${language}`);
      await shot(page, `screens-${size}-${language}-diplomacy-orders`);
      await page.click('[data-tab="press"]');
      await shot(page, `screens-${size}-${language}-diplomacy-press`);
      await page.click('[data-tab="powers"]');
      assert.deepEqual(await brokenTexts(page, '[data-power-row] td:first-child, [data-power-row] .player, [data-power-row] .flags span'),
                       [], `powers table in ${language}`);
      await shot(page, `screens-${size}-${language}-diplomacy-powers`);
      await page.click('[data-tab="orders"]');
      await page.click('[data-action="history-previous"]');
      await shot(page, `screens-${size}-${language}-diplomacy-history`);
      await page.goto(dragonchess);
      await page.waitForSelector('.dragonchess');
      await noOverflow(page, `Dragonchess ${language}`);
      await shot(page, `screens-${size}-${language}-dragonchess`);
    }
    assert.deepEqual(page.problems, []);
    await context.close();
  });
}
