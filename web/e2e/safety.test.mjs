// Nothing harmful on one tap (issue 29 §1): a resignation asks first and leaves the clocks
// where they stood; a draw vote that can end the game asks first and says what follows,
// and where the game's votes are public every player sees who has voted; the recipients of
// a message never change by themselves, and "everyone" is a choice of its own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { apiClient, desktop, openPage, phone, readyAnyway, sharedServerAndBrowser, shot, signUp } from './harness.mjs';

const shared = sharedServerAndBrowser();

const seconds = (text) => {
  const [h, m, s] = /(\d+):(\d+):(\d+)/.exec(text).slice(1).map(Number);
  return h * 3600 + m * 60 + s;
};

test('Dragonchess: Resign asks first, and the clocks stay where they stood', async () => {
  for (const [size, options] of [['desktop', desktop], ['phone', phone]]) {
    const context = await shared.browser.newContext(options);
    const page = await openPage(context, shared.server.url);
    await signUp(page, `scarlet_${size}`);
    await page.selectOption('select[name="game"]', 'dragonchess');
    await page.selectOption('select[name="opponent"]', 'human');
    await page.selectOption('select[name="side"]', 'scarlet');
    await page.fill('input[name="clock_minutes"]', '5');
    await page.click('[data-action="create-game"]');
    await page.waitForSelector('.dragonchess[data-my-side="scarlet"]');
    const id = page.url().split('/').pop();
    const gold = await apiClient(shared.server.url, `gold_${size}`);
    await gold('POST', `/games/${id}/join`, {});
    await gold('POST', `/games/${id}/moves`, { move: 'W2e2-2e3' });
    await page.waitForSelector('[data-move="W2e2-2e3"]');
    await page.waitForSelector('[data-clock="scarlet"].running');
    // Scarlet thinks a while, then taps Resign: the page asks, and nothing has ended.
    await page.waitForTimeout(3000);
    await page.click('[data-action="resign"]');
    await page.waitForSelector('[data-action="resign-confirm"]');
    assert.match(await page.innerText('[data-confirm="resign"]'), /Resign\? Gold wins and the game ends at once/);
    assert.equal(await page.getAttribute('.dragonchess', 'data-status'), 'active');
    await shot(page, `safety-resign-confirm-${size}`);
    if (size === 'phone') {
      // The question in Japanese and in Chinese, looked at on the phone.
      for (const [lang, words] of [['ja', /投了しますか？/], ['zh-Hant', /要認輸嗎？/]]) {
        await page.selectOption('select[name="language"]', lang);
        await page.waitForFunction((l) => document.documentElement.lang === l, lang);
        assert.match(await page.innerText('[data-confirm="resign"]'), words);
        await shot(page, `safety-resign-confirm-phone-${lang}`);
      }
      await page.selectOption('select[name="language"]', 'en');
      await page.waitForFunction(() => document.documentElement.lang === 'en');
    }
    // No: the game goes on.
    await page.click('[data-action="resign-cancel"]');
    await page.waitForSelector('[data-action="resign"]');
    assert.equal((await gold('GET', `/games/${id}`)).status, 'active');
    // Yes: the game ends; Scarlet's clock stops where it stood, never back at Gold's move.
    await page.click('[data-action="resign"]');
    const before = seconds(await page.innerText('[data-clock="scarlet"]'));
    await page.click('[data-action="resign-confirm"]');
    await page.waitForSelector('.dragonchess[data-status="finished"]');
    const after = seconds(await page.innerText('[data-clock="scarlet"]'));
    assert.ok(after <= before && after >= before - 2, `Scarlet's clock read ${before} s before resigning and ${after} s after`);
    assert.ok(after <= 300 - 3, `Scarlet's clock shows ${after} s: the time used before resigning was given back`);
    const view = await gold('GET', `/games/${id}`);
    assert.deepEqual(view.result, { winner: 'gold', reason: 'resignation' });
    assert.ok(Math.abs(view.clocks.scarlet - after) <= 1, `the server says ${view.clocks.scarlet} s, the page ${after} s`);
    await shot(page, `safety-resigned-${size}`);
    assert.deepEqual(page.problems, []);
    await context.close();
  }
});

test('a draw vote against six computers asks first and says that they vote by position; it ends nothing', async () => {
  const context = await shared.browser.newContext(phone);
  const page = await openPage(context, shared.server.url);
  await signUp(page, 'alone');
  await page.selectOption('select[name="preset"]', 'computer');
  await page.selectOption('select[name="my_power"]', 'FRANCE');
  await page.selectOption('select[name="press"]', 'full');
  await page.click('[data-action="create-game"]');
  await page.waitForSelector('.diplomacy[data-my-powers="FRANCE"][data-phase="S1901M"]');
  await page.click('[data-action="vote-draw"]');
  await page.waitForSelector('[data-action="vote-draw-confirm"]');
  // The question says what the vote does (the powers whose votes count are the server's:
  // the six computers among them, which vote by their position).
  const question = await page.innerText('[data-confirm="vote-draw"]');
  assert.match(question, /Vote for a draw\?/);
  assert.match(question, /The computer players \(Austria, England, Germany, Italy, Russia, and Turkey\) each vote on it by their position/);
  assert.match(question, /If they all vote for it, the game ends at once in a draw shared by Austria, England, France, Germany, Italy, Russia, and Turkey/);
  await shot(page, 'safety-draw-confirm-phone');
  // One tap, and a second where the first landed, end nothing.
  const box = await page.locator('[data-confirm="vote-draw"] .question').boundingBox();
  await page.touchscreen.tap(box.x + 5, box.y + 5);
  await page.click('[data-action="vote-draw-cancel"]');
  await page.waitForSelector('[data-action="vote-draw"][aria-pressed="false"]');
  assert.equal(await page.getAttribute('.diplomacy', 'data-status'), 'active');
  // The question in Japanese and in Chinese, looked at on the phone.
  for (const [lang, words] of [['ja', /コンピューターの国（オーストリア、/], ['zh-Hant', /電腦玩家（奧匈帝國、/]]) {
    await page.selectOption('select[name="language"]', lang);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    await page.click('[data-action="vote-draw"]');
    assert.match(await page.innerText('[data-confirm="vote-draw"]'), words);
    await shot(page, `safety-draw-confirm-phone-${lang}`);
    await page.click('[data-action="vote-draw-cancel"]');
  }
  await page.selectOption('select[name="language"]', 'en');
  await page.waitForFunction(() => document.documentElement.lang === 'en');
  // Yes: the six computers vote, each says so in the game's press, and in 1901 every one
  // of them (still growing) votes against: the game goes on.
  await page.click('[data-action="vote-draw"]');
  await page.click('[data-action="vote-draw-confirm"]');
  await page.waitForSelector('[data-action="vote-draw"][aria-pressed="true"]');
  await page.click('[data-tab="press"]');
  const votes = page.locator('.messages li .proposal', { hasText: 'votes against the draw' });
  await page.waitForFunction(() => [...document.querySelectorAll('.messages li .proposal')]
    .filter((p) => p.textContent.includes('votes against the draw')).length === 6, null, { timeout: 60000 });
  assert.deepEqual((await votes.allTextContents()).sort(), ['Austria', 'England', 'Germany', 'Italy', 'Russia', 'Turkey']
    .map((power) => `${power} votes against the draw`));
  await shot(page, 'safety-computers-vote-phone');
  assert.equal(await page.getAttribute('.diplomacy', 'data-status'), 'active');
  assert.equal(await page.getAttribute('.diplomacy', 'data-phase'), 'S1901M');
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('public votes: every player sees who has voted, live; the last vote ends the game after asking', async () => {
  const anna = await shared.browser.newContext(desktop).then((c) => openPage(c, shared.server.url));
  await signUp(anna, 'votes_anna');
  await anna.selectOption('select[name="preset"]', 'custom');
  await anna.fill('input[name="computer_players"]', '0');
  await anna.selectOption('select[name="votes"]', 'public');
  await anna.selectOption('select[name="my_power"]', 'FRANCE');
  await anna.click('[data-action="create-game"]');
  await anna.waitForSelector('.diplomacy[data-status="forming"]');
  const url = anna.url();
  const id = url.split('/').pop();
  const ben = await shared.browser.newContext(phone).then((c) => openPage(c, shared.server.url));
  await signUp(ben, 'votes_ben');
  await ben.goto(url);
  await ben.selectOption('select[name="power"]', 'GERMANY');
  await ben.click('[data-action="join-game"]');
  // The five other seats are taken by people through the API.
  const others = {};
  for (const power of ['AUSTRIA', 'ENGLAND', 'ITALY', 'RUSSIA', 'TURKEY']) {
    others[power] = await apiClient(shared.server.url, `votes_${power.toLowerCase()}`);
    await others[power]('POST', `/games/${id}/join`, { power });
  }
  await ben.waitForSelector('.diplomacy[data-my-powers="GERMANY"][data-status="active"]');
  await anna.waitForSelector('.diplomacy[data-status="active"]');

  await anna.click('[data-action="vote-draw"]');
  assert.match(await anna.innerText('[data-confirm="vote-draw"]'),
    /When Austria, England, Germany, Italy, Russia, and Turkey vote for it too, the game ends at once in a draw shared by .*Every player sees your vote/s);
  await anna.click('[data-action="vote-draw-confirm"]');
  await anna.waitForSelector('[data-action="vote-draw"][aria-pressed="true"]');
  // Ben sees Anna's vote at once, over the event stream.
  await ben.waitForSelector('[data-votes="draw"][data-voted="FRANCE"]', { timeout: 15000 });
  assert.equal(await ben.innerText('[data-votes="draw"]'), 'Voted for a draw: France (1 of 7)');
  await shot(ben, 'safety-public-vote-phone');
  for (const [power, client] of Object.entries(others)) await client('POST', `/games/${id}/draw_vote`, { power, draw: true });
  await ben.waitForSelector('[data-votes="draw"][data-voted="AUSTRIA ENGLAND FRANCE ITALY RUSSIA TURKEY"]', { timeout: 15000 });
  await ben.click('[data-action="vote-draw"]');
  assert.match(await ben.innerText('[data-confirm="vote-draw"]'), /Yours is the last vote needed: the game ends at once in a draw/);
  assert.equal(await ben.getAttribute('.diplomacy', 'data-status'), 'active');
  await ben.click('[data-action="vote-draw-confirm"]');
  await ben.waitForSelector('.diplomacy[data-status="finished"]');
  await anna.waitForSelector('.diplomacy[data-status="finished"]', { timeout: 15000 });
  assert.match(await anna.innerText('[data-game-result]'), /a draw shared by/);
  assert.deepEqual([...anna.problems, ...ben.problems], []);
});

test('press: the recipients are shown, never change by themselves, and everyone is a choice of its own', async () => {
  const context = await shared.browser.newContext(phone);
  const page = await openPage(context, shared.server.url);
  await signUp(page, 'recipients');
  await page.selectOption('select[name="preset"]', 'computer');
  await page.selectOption('select[name="press"]', 'full');
  await page.selectOption('select[name="my_power"]', 'ENGLAND');
  await page.click('[data-action="create-game"]');
  await page.waitForSelector('.diplomacy[data-my-powers="ENGLAND"][data-phase="S1901M"]');
  const id = page.url().split('/').pop();
  const token = await page.evaluate(() => localStorage.getItem('stratagem.token'));
  const sent = async () => (await (await fetch(`${shared.server.url}/api/v1/games/${id}/messages`, { headers: { Authorization: `Bearer ${token}` } })).json()).length;
  await page.click('[data-tab="press"]');
  const checked = () => page.$$eval('input[name="to"]:checked, input[name="to_all"]:checked', (els) => els.map((e) => e.value === 'on' ? 'all' : e.value));

  // Nothing is chosen for the person: sending asks whom to, in a sentence of the page.
  assert.deepEqual(await checked(), []);
  await page.fill('textarea[name="message"]', 'Who gets this?');
  await page.click('[data-action="send-message"]');
  assert.equal(await page.innerText('.compose [role="alert"]'), 'Choose whom the message is for: everyone, or one or more powers.');
  assert.equal(await sent(), 0);

  // To Germany from "all messages": after sending, Germany is still the recipient.
  await page.check('input[name="to"][value="GERMANY"]');
  assert.equal(await page.innerText('[data-action="send-message"]'), 'Send to Germany');
  await page.click('[data-action="send-message"]');
  await page.waitForSelector('[data-message-text]:has-text("Who gets this?")');
  assert.deepEqual(await checked(), ['GERMANY']);
  assert.equal(await page.inputValue('textarea[name="message"]'), '');
  await page.fill('textarea[name="message"]', 'A second word for Germany.');
  // Another tab and back: the recipients and the words are as they were.
  await page.click('[data-tab="orders"]');
  await page.click('[data-tab="press"]');
  assert.deepEqual(await checked(), ['GERMANY']);
  assert.equal(await page.inputValue('textarea[name="message"]'), 'A second word for Germany.');
  await page.click('[data-action="send-message"]');
  await page.waitForSelector('[data-message-text]:has-text("A second word")');
  const messages = await (await fetch(`${shared.server.url}/api/v1/games/${id}/messages`, { headers: { Authorization: `Bearer ${token}` } })).json();
  assert.deepEqual(messages.map((m) => m.to), [['GERMANY'], ['GERMANY']]);

  // Everyone is a box of its own: it clears the powers, and a power clears it.
  await page.check('input[name="to_all"]');
  assert.deepEqual(await checked(), ['all']);
  assert.equal(await page.innerText('[data-action="send-message"]'), 'Send to Everyone');
  await page.check('input[name="to"][value="FRANCE"]');
  assert.deepEqual(await checked(), ['FRANCE']);
  // Opening a conversation chooses its powers, and says so.
  await page.click('[data-thread="GERMANY"]');
  assert.deepEqual(await checked(), ['GERMANY']);
  await shot(page, 'safety-press-recipients-phone');

  // In Chinese, the page's own sentence; never the browser's bubble in another language.
  await page.selectOption('select[name="language"]', 'zh-Hans');
  await page.uncheck('input[name="to"][value="GERMANY"]');
  await page.fill('textarea[name="message"]', '给谁？');
  await page.click('[data-action="send-message"]');
  assert.equal(await page.innerText('.compose [role="alert"]'), '请选择消息的收件人：所有人，或一个或多个国家。');
  assert.equal(await sent(), 2);
  await shot(page, 'safety-press-no-recipient-zh-Hans-phone');
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('no stale sentences: a new phase says nothing of the last one\'s saving, a past phase shows no orders to give', async () => {
  const context = await shared.browser.newContext(desktop);
  const page = await openPage(context, shared.server.url);
  await signUp(page, 'stale');
  await page.selectOption('select[name="preset"]', 'computer');
  await page.selectOption('select[name="my_power"]', 'FRANCE');
  await page.click('[data-action="create-game"]');
  await page.waitForSelector('.diplomacy[data-my-powers="FRANCE"][data-phase="S1901M"]');
  await page.fill('input[name="order"]', 'A Par-Bur');
  await page.press('input[name="order"]', 'Enter');
  await page.waitForSelector('[data-order="A PAR - BUR"].stored');
  await page.waitForSelector('[data-saved="yes"]');
  await readyAnyway(page);
  // The computers are ready at once: the phase is processed and the next begins.
  await page.waitForSelector('.diplomacy[data-phase="F1901M"]', { timeout: 30000 });
  const orders = () => page.innerText('[data-power-orders="FRANCE"]');
  assert.match(await orders(), /No orders yet/);
  assert.equal(await page.locator('[data-saved="yes"]').count(), 0, 'a new phase still said when the last one\'s orders were saved');
  assert.match(await page.innerText('.saved'), /Orders are saved as you give them/);
  // A past phase shows what happened: no "No orders yet", no order box, no votes.
  await page.click('[data-action="history-previous"]');
  await page.waitForSelector('[data-action="history-now"]');
  assert.equal(await page.locator('[data-power-orders]').count(), 0, 'a past phase showed the orders still to give');
  assert.doesNotMatch(await page.innerText('[role="tabpanel"]'), /No orders yet/);
  assert.equal(await page.locator('[data-action="vote-draw"], input[name="order"], .saved').count(), 0);
  assert.match(await page.innerText('.results'), /Army Paris moves to Burgundy/);
  await shot(page, 'safety-history-past-phase-desktop');
  await page.click('[data-action="history-now"]');
  await page.waitForSelector('[data-power-orders="FRANCE"]');
  assert.deepEqual(page.problems, []);
  await context.close();
});
