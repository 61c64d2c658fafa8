// Structured press on the game page: a person proposes peace to a computer neighbour from
// the composer and sees its answer and the agreement; another person's proposal to her
// shows as a sentence with Accept and Reject, in English and in Japanese, on a desktop and
// on a phone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { apiClient, desktop, openPage, phone, readyAnyway, sharedServerAndBrowser, shot, signUp } from './harness.mjs';

const shared = sharedServerAndBrowser();

test('a peace proposed to a computer, answered, and an agreement to accept', async () => {
  const context = await shared.browser.newContext(desktop);
  const page = await openPage(context, shared.server.url);
  await signUp(page, 'claire');
  await page.fill('input[name="computer_players"]', '5');
  await page.selectOption('select[name="my_power"]', 'FRANCE');
  await page.click('[data-action="create-game"]');
  await page.waitForSelector('.diplomacy[data-status="forming"]');
  const gameId = page.url().split('/').pop();
  // England is a person playing through the API.
  const edward = await apiClient(shared.server.url, 'edward');
  await edward('POST', `/games/${gameId}/join`, { power: 'ENGLAND' });
  await page.waitForSelector('.diplomacy[data-status="active"][data-phase="S1901M"]');
  await page.click('[data-tab="press"]');

  // Peace with Germany (a computer): the one recipient picker says to whom.
  await page.check('input[name="to"][value="GERMANY"]');
  await page.click('[data-propose] summary');
  await page.selectOption('select[name="proposal_kind"]', 'peace');
  assert.equal(await page.innerText('[data-proposal-to]'), 'To Germany (the recipients above)');
  await page.click('[data-action="send-proposal"]');
  await page.waitForSelector('[data-press="PRP (PCE (FRA GER))"]:has-text("France proposes peace with Germany")');
  // The computer answers within seconds; the agreement is listed as holding.
  await page.waitForSelector('[data-press="YES (PRP (PCE (FRA GER)))"]', { timeout: 15000 });
  // An agreement reads as one, with since when, not as the proposal that made it.
  const peace = await page.waitForSelector('[data-deal-state="holding"] [data-agreement]');
  assert.equal(await peace.innerText(), 'France and Germany at peace since Spring 1901');

  // England proposes a demilitarised Channel; Claire accepts it on the page.
  await edward('POST', `/games/${gameId}/messages`, { from: 'ENGLAND', to: ['FRANCE'], press: 'PRP (DMZ (ENG FRA) (ECH))', text: 'Keep out of the Channel and I will too.' });
  const proposal = await page.waitForSelector('[data-press="PRP (DMZ (ENG FRA) (ECH))"]', { timeout: 15000 });
  assert.match(await proposal.innerText(), /England/);
  await shot(page, 'proposals-offer-en');
  await page.click('[data-action="accept-proposal"]');
  await page.waitForSelector('[data-answered]');
  await page.waitForSelector('[data-deal-state="holding"] >> nth=1');
  assert.equal(await page.locator('[data-deal-id]').count(), 2);
  const deals = await edward('GET', `/games/${gameId}/deals`);
  assert.deepEqual(deals.map((d) => [d.press, d.state]), [['PRP (DMZ (ENG FRA) (ECH))', 'holding']]);

  // The same in Japanese.
  await page.selectOption('select[name="language"]', 'ja');
  await page.waitForSelector('[data-press="PRP (PCE (FRA GER))"]:has-text("フランス")');
  await page.waitForSelector('.agreements h3:has-text("合意")');
  await page.waitForSelector('[data-agreement]:has-text("1901年春から、フランスとドイツは和平中")');
  await shot(page, 'proposals-ja');

  // England sails into the Channel: when the phase is processed the agreement says it is
  // broken, and by whom, live, with no reload (issue 29 §4: it said "holding" until one).
  await page.selectOption('select[name="language"]', 'en');
  await edward('PUT', `/games/${gameId}/orders`, { phase: 'S1901M', orders: { ENGLAND: ['F LON - ENG'] } });
  await edward('POST', `/games/${gameId}/ready`, { power: 'ENGLAND', ready: true });
  await page.click('[data-tab="orders"]');
  await readyAnyway(page);
  await page.waitForSelector('.diplomacy[data-phase="F1901M"]', { timeout: 60000 });
  await page.click('[data-tab="press"]');
  const broken = await page.waitForSelector('[data-deal-state="broken"]', { timeout: 15000 });
  assert.match(await broken.innerText(), /broken by England, Spring 1901/);
  await shot(page, 'proposals-broken-en');
  assert.deepEqual(page.problems, []);
  await context.close();

  // On a phone the composer and the agreements fit the screen's width.
  const small = await shared.browser.newContext(phone);
  const mobile = await openPage(small, shared.server.url);
  await mobile.fill('input[name="name"]', 'claire');
  await mobile.fill('input[name="password"]', 'correct horse battery');
  await mobile.click('[data-action="sign-in"]');
  await mobile.waitForSelector('[data-action="create-game"]');
  await mobile.goto(`${shared.server.url}/games/${gameId}`);
  await mobile.waitForSelector('.diplomacy[data-phase="F1901M"]');
  await mobile.click('[data-tab="press"]');
  await mobile.click('[data-propose] summary');
  const overflow = await mobile.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `the page is ${overflow}px wider than the phone`);
  await shot(mobile, 'proposals-phone');
  await small.close();
});

test('computer players set to propose do propose; the press view says whether they do', async () => {
  const context = await shared.browser.newContext(desktop);
  const page = await openPage(context, shared.server.url);
  await signUp(page, 'lucia');
  await page.selectOption('select[name="language"]', 'zh-Hant-HK');
  // Against the computer, with press and computers that propose.
  await page.selectOption('select[name="preset"]', 'computer');
  await page.selectOption('select[name="press"]', 'full');
  await page.check('input[name="computers_propose"]');
  await page.selectOption('select[name="my_power"]', 'ITALY');
  await page.click('[data-action="create-game"]');
  await page.waitForSelector('.diplomacy[data-my-powers="ITALY"][data-phase="S1901M"]');
  await page.click('[data-tab="press"]');
  assert.equal(await page.innerText('[data-computers-propose="yes"]'),
    '本局的電腦玩家會主動提議：每年春季向它選擇的鄰國提議和平、非軍事區或同盟（電腦之間的提議只有雙方看得到），並請盟友支援。');
  // Austria's army in Trieste is next to Italy's in Venice: peace is offered in spring 1901.
  const offer = await page.waitForSelector('[data-press="PRP (PCE (AUS ITA))"]', { timeout: 20000 });
  assert.equal(await offer.innerText(), '奧匈帝國提議與意大利和平');
  await shot(page, 'proposals-computers-propose-zh-Hant-HK');
  // On a Taiwan page the server's sentence names Italy as Taiwan does.
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/me') && r.request().method() === 'PATCH');
  await page.selectOption('select[name="language"]', 'zh-Hant');
  await saved;
  await page.reload();
  await page.click('[data-tab="press"]');
  await page.waitForSelector('[data-press="PRP (PCE (AUS ITA))"] >> text=奧匈帝國提議與義大利和平');
  // Without the option the view says they will not.
  await page.goto(shared.server.url);
  await page.selectOption('select[name="preset"]', 'computer');
  await page.selectOption('select[name="press"]', 'full');
  await page.click('[data-action="create-game"]');
  await page.waitForSelector('.diplomacy[data-phase="S1901M"]');
  await page.click('[data-tab="press"]');
  assert.equal(await page.innerText('[data-computers-propose="no"]'), '本局的電腦玩家不會主動提議（於建立對局時設定）；它們會回應你的提議。');
  assert.deepEqual(page.problems, []);
  await context.close();
});
