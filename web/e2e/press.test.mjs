// Press between two people, live, while a third sees nothing of it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { desktop, openPage, phone, sharedServerAndBrowser, shot, signUp } from './harness.mjs';

const shared = sharedServerAndBrowser();

async function player(name, url) {
  const context = await shared.browser.newContext(desktop);
  const page = await openPage(context, url);
  await signUp(page, name);
  return page;
}

async function join(page, url, power) {
  await page.goto(url);
  await page.waitForSelector('.diplomacy');
  await page.selectOption('select[name="power"]', power);
  await page.click('[data-action="join-game"]');
  await page.waitForSelector('[data-action="join-game"]', { state: 'detached' });
}

test('a private message reaches its reader live, and only its reader', async () => {
  const anna = await player('anna', shared.server.url);
  await anna.fill('input[name="computer_players"]', '4');
  // The creator sits down as she creates the game.
  await anna.selectOption('select[name="my_power"]', 'ENGLAND');
  await anna.click('[data-action="create-game"]');
  await anna.waitForSelector('.diplomacy[data-status="forming"]');
  const gameUrl = anna.url();
  const ben = await player('ben', shared.server.url);
  const cleo = await player('cleo', shared.server.url);
  // The lobby lists a game one has joined under "my games" while it is still forming.
  await anna.goto(shared.server.url);
  await anna.waitForSelector('section[aria-labelledby="my-games"] [data-game-id]');
  assert.equal(await anna.locator('section[aria-labelledby="open-games"] [data-game-id]').count(), 0);
  await join(ben, gameUrl, 'GERMANY');
  await join(cleo, gameUrl, 'RUSSIA');
  for (const page of [anna, ben, cleo]) {
    await page.goto(gameUrl);
    await page.waitForSelector('.diplomacy[data-status="active"][data-phase="S1901M"]');
    await page.click('[data-tab="press"]');
  }

  await anna.check('input[name="to"][value="GERMANY"]');
  await anna.fill('textarea[name="message"]', 'Denmark is yours if Holland is mine. — デンマークはあなたに。');
  await anna.click('[data-action="send-message"]');
  await anna.waitForSelector('[data-message-text]:has-text("Denmark is yours")');
  // Ben's page was open before the message: it arrives over the event stream.
  await ben.waitForSelector('[data-message-text]:has-text("Denmark is yours")', { timeout: 15000 });
  // Each side sees it in the thread of the other; the recipients stay as chosen.
  await anna.waitForSelector('[data-thread="GERMANY"]');
  await ben.waitForSelector('[data-thread="ENGLAND"]');
  assert.equal(await anna.isChecked('input[name="to"][value="GERMANY"]'), true);
  assert.equal(await anna.isChecked('input[name="to_all"]'), false);
  assert.equal(await anna.isChecked('input[name="treaty"]'), false);
  await ben.click('[data-thread="ENGLAND"]');
  assert.deepEqual(await ben.$$eval('[data-message-text]', (els) => els.map((e) => e.textContent)), ['Denmark is yours if Holland is mine. — デンマークはあなたに。']);
  await shot(ben, 'press-received-desktop');
  await ben.click('[data-thread="*"]');

  // A public message reaches everyone; Cleo still has not seen the private one.
  await ben.check('input[name="to_all"]');
  await ben.fill('textarea[name="message"]', 'Peace in the North Sea.');
  await ben.click('[data-action="send-message"]');
  await cleo.waitForSelector('[data-message-text]:has-text("Peace in the North Sea.")', { timeout: 15000 });
  assert.equal(await cleo.locator('[data-message-text]:has-text("Denmark is yours")').count(), 0);
  await cleo.reload();
  await cleo.click('[data-tab="press"]');
  await cleo.waitForSelector('[data-message-text]');
  assert.deepEqual(await cleo.$$eval('[data-message-text]', (els) => els.map((e) => e.textContent)), ['Peace in the North Sea.']);
  await shot(cleo, 'press-third-party-desktop');

  // A treaty: Anna proposes it to Germany (still chosen), Ben signs, then publishes; Cleo
  // sees it only then.
  await anna.check('input[name="treaty"]');
  await anna.fill('textarea[name="message"]', 'England and Germany: no fleet in the North Sea.');
  await anna.click('[data-action="send-message"]');
  await ben.waitForSelector('[data-treaty-id] [data-action="sign-treaty"]', { timeout: 15000 });
  assert.equal(await cleo.locator('[data-treaty-id]').count(), 0);
  await ben.click('[data-action="sign-treaty"]');
  await ben.click('[data-action="publish-treaty"]');
  await cleo.waitForSelector('[data-treaty-id]:has-text("no fleet in the North Sea")', { timeout: 15000 });
  await shot(ben, 'press-treaty-desktop');
  // Unread marks survive a reload until the messages are read.
  await cleo.click('[data-tab="orders"]');
  await ben.fill('textarea[name="message"]', 'Unread until Cleo looks.');
  await ben.click('[data-action="send-message"]');
  await cleo.waitForSelector('[data-tab="press"] .badge', { timeout: 15000 });
  await cleo.reload();
  await cleo.waitForSelector('[data-tab="press"] .badge');
  await cleo.click('[data-tab="press"]');
  await cleo.waitForSelector('[data-tab="press"] .badge', { state: 'detached' });
  await cleo.reload();
  await cleo.waitForSelector('.diplomacy');
  assert.equal(await cleo.locator('[data-tab="press"] .badge').count(), 0);
  // What Cleo has read is kept with her account: her phone (a new browser, nothing in its
  // storage) shows nothing unread, and what she reads there is read on the desktop too.
  const phoneContext = await shared.browser.newContext(phone);
  const cleoPhone = await openPage(phoneContext, shared.server.url);
  await cleoPhone.fill('input[name="name"]', 'cleo');
  await cleoPhone.fill('input[name="password"]', 'correct horse battery');
  await cleoPhone.click('[data-action="sign-in"]');
  await cleoPhone.waitForSelector('[data-action="create-game"]');
  const marks = cleoPhone.waitForResponse((r) => r.url().endsWith('/press_read') && r.request().method() === 'GET');
  await cleoPhone.goto(gameUrl);
  await marks;
  await cleoPhone.waitForSelector('.diplomacy[data-status="active"]');
  await cleoPhone.waitForTimeout(300);
  assert.equal(await cleoPhone.locator('[data-tab="press"] .badge').count(), 0);
  await ben.fill('textarea[name="message"]', 'Read on the phone.');
  await ben.click('[data-action="send-message"]');
  await cleoPhone.waitForSelector('[data-tab="press"] .badge', { timeout: 15000 });
  await cleo.waitForSelector('[data-tab="press"] .badge', { timeout: 15000 });
  const read = cleoPhone.waitForResponse((r) => r.url().endsWith('/press_read') && r.request().method() === 'PUT');
  await cleoPhone.click('[data-tab="press"]');
  await cleoPhone.waitForSelector('[data-message-text]:has-text("Read on the phone.")');
  await read;
  await shot(cleoPhone, 'press-read-phone');
  const desktopMarks = cleo.waitForResponse((r) => r.url().endsWith('/press_read') && r.request().method() === 'GET');
  await cleo.reload();
  await desktopMarks;
  await cleo.waitForSelector('.diplomacy[data-status="active"]');
  await cleo.waitForTimeout(300);
  assert.equal(await cleo.locator('[data-tab="press"] .badge').count(), 0);
  // As messages arrive, the press view keeps the newest in view (issue 29 §4).
  for (let n = 1; n <= 8; ++n) {
    await ben.fill('textarea[name="message"]', `News ${n} of 8 from Berlin.`);
    await ben.click('[data-action="send-message"]');
    await ben.waitForSelector(`[data-message-text]:has-text("News ${n} of 8 from Berlin.")`);
  }
  await cleoPhone.waitForSelector('[data-message-text]:has-text("News 8 of 8 from Berlin.")', { timeout: 15000 });
  await cleoPhone.waitForTimeout(200);
  const scrolled = await cleoPhone.$eval('.press .messages', (e) => ({ top: e.scrollTop, height: e.clientHeight, full: e.scrollHeight }));
  assert.ok(scrolled.full > scrolled.height, `the messages fit without scrolling: ${JSON.stringify(scrolled)}`);
  assert.ok(scrolled.top + scrolled.height >= scrolled.full - 2, `the newest message is out of view: ${JSON.stringify(scrolled)}`);
  await shot(cleoPhone, 'press-newest-phone');
  await phoneContext.close();
  for (const page of [anna, ben, cleo, cleoPhone]) assert.deepEqual(page.problems, []);
});
