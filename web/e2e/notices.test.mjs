// The notices' settings page and the mails it leads to, end to end: a real server sending
// through an SMTP server this test runs on 127.0.0.1, an address confirmed through the
// mail's link in the browser, choices saved, a mail received in each of the four
// languages and rendered as a mail program would (screenshots), one-click unsubscribe.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { accessibilityProblems, apiClient, desktop, openPage, phone, sharedServerAndBrowser, shot, signUp } from './harness.mjs';

const PUBLIC = 'https://diplomacy.example.org';

/** A plain SMTP server (no TLS: the server is told so) that keeps each message's text. */
function smtpSink() {
  const messages = [];
  const server = createServer((socket) => {
    let buffer = '';
    let data = null;
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        if (data !== null) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          messages.push(Buffer.from(data + buffer.slice(0, end), 'latin1').toString('latin1'));
          buffer = buffer.slice(end + 5);
          data = null;
          socket.write('250 OK\r\n');
          continue;
        }
        const line = buffer.indexOf('\r\n');
        if (line < 0) return;
        const command = buffer.slice(0, line);
        buffer = buffer.slice(line + 2);
        const verb = command.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 sink\r\n');
        else if (verb === 'DATA') { data = ''; socket.write('354 go on\r\n'); }
        else if (verb === 'QUIT') { socket.end('221 bye\r\n'); return; }
        else socket.write('250 OK\r\n');
      }
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({
    port: server.address().port, messages, close: () => server.close(),
  })));
}

/** The message's headers and its decoded text and HTML parts (base64 UTF-8, as the server writes them). */
function parseMail(raw) {
  const [head, ...rest] = raw.split('\r\n\r\n');
  const headers = {};
  for (const line of head.replace(/\r\n[ \t]/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const boundary = /boundary="([^"]+)"/.exec(headers['content-type'])[1];
  const parts = {};
  for (const part of rest.join('\r\n\r\n').split(`--${boundary}`)) {
    const type = /Content-Type: (text\/\w+)/.exec(part)?.[1];
    if (!type) continue;
    const body = part.split('\r\n\r\n').slice(1).join('').replace(/\s+/g, '');
    parts[type] = Buffer.from(body, 'base64').toString('utf8');
  }
  const subject = headers.subject.replace(/=\?UTF-8\?B\?([^?]+)\?=\s*/g, (_, b64) => Buffer.from(b64, 'base64').toString('latin1'));
  return { headers, subject: Buffer.from(subject, 'latin1').toString('utf8'), text: parts['text/plain'], html: parts['text/html'] };
}

async function waitForMail(sink, count) {
  for (let i = 0; i < 300 && sink.messages.length < count; i++) await new Promise((r) => setTimeout(r, 100));
  assert.ok(sink.messages.length >= count, `${sink.messages.length} mails, not ${count}`);
  return parseMail(sink.messages[count - 1]);
}

let sink;
const shared = sharedServerAndBrowser(async () => {
  sink = await smtpSink();
  return { args: ['--smtp', `smtp://127.0.0.1:${sink.port}`, '--public-url', PUBLIC], env: { STRATAGEM_SMTP_STARTTLS: 'off' } };
});
after(() => sink?.close());

test('confirm an address by its mail, choose notices, and receive them in each language', async () => {
  const context = await shared.browser.newContext(desktop);
  const page = await openPage(context, shared.server.url);
  await signUp(page, 'mei');
  await page.click('[data-action="notice-settings"]');
  await page.waitForSelector('[data-email="none"]');
  await shot(page, 'notices-settings-empty-en');
  // E-mail boxes wait for a confirmed address.
  assert.equal(await page.isDisabled('input[name="press:email"]'), true);

  await page.fill('input[name="email"]', 'mei@example.org');
  await page.click('[data-action="add-email"]');
  await page.waitForSelector('[data-email="unconfirmed"]');
  const confirmation = await waitForMail(sink, 1);
  assert.equal(confirmation.subject, 'Confirm your e-mail address for Stratagem');
  const confirmLink = new RegExp(`${PUBLIC}(/confirm-email/[0-9a-f]+)`).exec(confirmation.text)[1];

  // The link works in a browser that is not signed in, and only on the button.
  const stranger = await shared.browser.newContext(phone);
  const confirmPage = await openPage(stranger, shared.server.url + confirmLink);
  await confirmPage.waitForSelector('[data-action="token-page"]');
  await shot(confirmPage, 'notices-confirm-phone-en');
  await confirmPage.click('[data-action="token-page"]');
  await confirmPage.waitForSelector('[data-result="ok"]');
  assert.match(await confirmPage.innerText('[data-result]'), /mei@example\.org is confirmed/);
  await stranger.close();

  await page.reload();
  await page.waitForSelector('[data-email="confirmed"]');
  for (const kind of ['orders_due', 'game_status', 'press']) await page.check(`input[name="${kind}:email"]`);
  await page.waitForFunction(() => document.querySelector('input[name="press:email"]').checked);
  await shot(page, 'notices-settings-en');
  assert.deepEqual(await accessibilityProblems(page), []);

  const opponent = await apiClient(shared.server.url, 'rival');
  let seen = sink.messages.length;
  for (const lang of ['en', 'zh-Hant', 'zh-Hans', 'ja']) {
    await page.selectOption('select[name="language"]', lang);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    await page.waitForTimeout(300);  // the account's language is saved with the choice
    await shot(page, `notices-settings-${lang}`);
    // A game with the opponent starts: mei is told, in her language, and it is her move.
    const { id } = await opponent('POST', '/games', { game: 'dragonchess', name: `Castle ${lang}`, opponent: 'human', side: 'scarlet' });
    await page.evaluate(async (game) => {
      const token = localStorage.getItem('stratagem.token');
      await fetch(`/api/v1/games/${game}/join`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: '{}' });
    }, id);
    seen += 2;  // game_status and orders_due
    await waitForMail(sink, seen);
    const mails = sink.messages.slice(seen - 2, seen).map(parseMail);
    const started = mails.find((m) => m.subject.includes(`Castle ${lang}`) && m.headers['message-id'].includes('game_status'));
    assert.ok(started, mails.map((m) => m.subject).join(' | '));
    assert.equal(started.headers['content-language'], lang);
    assert.ok(started.text.includes(`${PUBLIC}/games/${id}`));
    assert.equal(started.headers['list-unsubscribe-post'], 'List-Unsubscribe=One-Click');
    const due = mails.find((m) => m.headers['message-id'].includes('orders_due'));
    const mailPage = await context.newPage();
    await mailPage.setContent(due.html);
    await shot(mailPage, `notices-mail-${lang}`);
    await mailPage.close();
  }

  // One click in the mail's footer, without signing in, stops every mail.
  const last = parseMail(sink.messages[seen - 1]);
  const stop = new RegExp(`${PUBLIC}(/unsubscribe/[0-9a-f]+)`).exec(last.text)[1];
  const anyone = await shared.browser.newContext(desktop);
  const stopPage = await openPage(anyone, shared.server.url + stop);
  await stopPage.click('[data-action="token-page"]');
  await stopPage.waitForSelector('[data-result="ok"]');
  await shot(stopPage, 'notices-unsubscribed-ja');
  await anyone.close();
  await page.reload();
  await page.waitForSelector('[data-email="none"]');
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('the settings page on a phone', async () => {
  const context = await shared.browser.newContext(phone);
  const page = await openPage(context, shared.server.url);
  await signUp(page, 'kai');
  await page.selectOption('select[name="language"]', 'zh-Hant');
  await page.click('[data-action="notice-settings"]');
  await page.waitForSelector('[data-email]');
  await page.click('[data-action="make-calendar"]');
  await page.waitForSelector('[data-calendar="on"]');
  await shot(page, 'notices-settings-phone-zh-Hant');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the page is ${overflow}px wider than the phone`);
  assert.deepEqual(page.problems, []);
  await context.close();
});
