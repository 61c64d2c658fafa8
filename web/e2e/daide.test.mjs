// A DAIDE computer player at a person's table: the person creates a game with a DAIDE seat
// from the form (custom options), one of our DAIDE clients connects to the server's --daide
// port and is drawn a power, and the game page names it by its NME as a DAIDE computer
// player, in English and in Chinese.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { desktop, openPage, sharedServerAndBrowser, shot, signUp, stratagemBinary } from './harness.mjs';

const shared = sharedServerAndBrowser({ daide: true });
let bot;
after(() => bot?.kill('SIGTERM'));

test('a DAIDE client takes the DAIDE seat and the page names it', async () => {
  const context = await shared.browser.newContext(desktop);
  const page = await openPage(context, shared.server.url);
  await signUp(page, 'wen');
  await page.selectOption('select[name="preset"]', 'custom');
  await page.fill('input[name="name"]', 'Table with a DAIDE bot');
  await page.fill('input[name="computer_players"]', '5');
  await page.fill('input[name="daide_players"]', '1');
  await page.selectOption('select[name="press"]', 'none');
  await page.selectOption('select[name="my_power"]', 'ENGLAND');
  await page.click('[data-action="create-game"]');
  await page.waitForSelector('.diplomacy');
  assert.match(await page.innerText('.diplomacy'), /Waiting for players \(1\/2\)/);
  assert.equal(await page.getAttribute('[data-daide-open]', 'data-daide-open'), '1');
  await shot(page, 'daide-forming-en');
  let err = '';
  bot = spawn(stratagemBinary(), ['diplomacy', 'daide', '--host', '127.0.0.1', '--port', String(shared.server.daidePort),
    '--player', 'holdbot', '--name', 'DumbBot'], { stdio: ['ignore', 'ignore', 'pipe'] });
  bot.stderr.on('data', (d) => { err += d; });
  // The game starts when the bot sits down: the page follows (event stream).
  await page.waitForSelector('.diplomacy[data-my-powers="ENGLAND"][data-phase="S1901M"]', { timeout: 20000 });
  await page.click('[data-tab="powers"]');
  const cell = await page.waitForSelector('[data-power-row] [data-daide="DumbBot 0.1.0"]');
  assert.equal(await cell.innerText(), 'DumbBot (DAIDE computer player)');
  await shot(page, 'daide-powers-en');
  await page.selectOption('select[name="language"]', 'zh-Hant');
  await page.waitForFunction(() => document.querySelector('[data-power-row] [data-daide]')?.textContent === 'DumbBot（DAIDE 電腦玩家）');
  await shot(page, 'daide-powers-zh-Hant');
  assert.match(err, /playing [A-Z]+ with holdbot/);
  assert.deepEqual(page.problems, []);
  await context.close();
});
