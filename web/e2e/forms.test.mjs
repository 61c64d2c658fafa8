// Every form says what is wrong in the page's own sentence and language: on a zh-Hans and a
// ja page each form is sent empty or wrong, and what it shows is the page's sentence (no
// browser bubble in the browser's English: every form is noValidate).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { desktop, openPage, sharedServerAndBrowser, shot } from './harness.mjs';

// An SMTP server that is never reached: the settings page offers e-mail only with one.
const shared = sharedServerAndBrowser({ args: ['--smtp', 'smtp://127.0.0.1:9', '--public-url', 'http://stratagem.example'], env: { STRATAGEM_SMTP_STARTTLS: 'off' } });

const expected = {
  'zh-Hans': {
    name: '请填写“名称”。',
    password: '“密码”至少需要 8 个字符。',
    movement: '“行动回合小时数”不能小于 0.1。',
    civilDisorder: '“连续几回合未下命令即陷入内乱”不能大于 10。',
    endYear: '“最后一年”必须是数字。',
    order: '请填写“输入命令”。',
    email: '“电子邮件地址”不是电子邮件地址。',
    reminder: '“在截止前几小时提醒我”不能小于 1。',
    webhook: '“群聊 webhook（Discord 或 Slack）”不是网址（https://…）。',
  },
  ja: {
    name: '「名前」を入力してください。',
    password: '「パスワード」は8文字以上にしてください。',
    movement: '「移動フェイズの時間」は0.1以上にしてください。',
    civilDisorder: '「内乱になるまでの命令なしフェイズ数」は10以下にしてください。',
    endYear: '「最終年」には数字を入力してください。',
    order: '「命令を入力」を入力してください。',
    email: '「メールアドレス」はメールアドレスではありません。',
    reminder: '「締め切りの何時間前に知らせるか」は1以上にしてください。',
    webhook: '「グループチャットの webhook（Discord か Slack）」はウェブのアドレス（https://…）ではありません。',
  },
};

/** Forms that would let the browser speak: constraints without noValidate. */
const browserChecked = (page) => page.$$eval('form', (forms) => forms.filter((f) => !f.noValidate &&
  f.querySelector('[required], [min], [max], [minlength], [maxlength], [type="email"], [type="url"], [type="number"]')).length);

for (const lang of ['zh-Hans', 'ja']) {
  test(`every form says what is wrong in the page's language (${lang})`, async () => {
    const says = expected[lang];
    const context = await shared.browser.newContext({ ...desktop, locale: 'en-US' });
    const page = await openPage(context, shared.server.url);
    const error = async (scope = 'body') => (await page.locator(`${scope} .error`).first().innerText()).trim();
    await page.selectOption('select[name="language"]', lang);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    assert.equal(await browserChecked(page), 0);

    // Sign-in: nothing, then a password too short.
    await page.click('[data-action="sign-in"]');
    assert.equal(await error(), says.name);
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'name');
    const name = `form${lang.replace('-', '')}`;
    await page.fill('input[name="name"]', name);
    await page.fill('input[name="password"]', 'short');
    await page.click('[data-action="sign-up"]');
    assert.equal(await error(), says.password);
    await shot(page, `forms-sign-in-${lang}`);
    await page.fill('input[name="password"]', 'correct horse battery');
    await page.click('[data-action="sign-up"]');
    await page.waitForSelector('[data-action="create-game"]');
    assert.equal(await browserChecked(page), 0);

    // The create form's own limits.
    await page.selectOption('select[name="preset"]', 'custom');
    await page.fill('input[name="movement_hours"]', '0');
    await page.click('[data-action="create-game"]');
    assert.equal(await error('form.create'), says.movement);
    await page.fill('input[name="movement_hours"]', '24');
    await page.fill('input[name="civil_disorder_after"]', '11');
    await page.click('[data-action="create-game"]');
    assert.equal(await error('form.create'), says.civilDisorder);
    await page.fill('input[name="civil_disorder_after"]', '2');
    await page.locator('input[name="end_year"]').pressSequentially('1e');
    await page.click('[data-action="create-game"]');
    assert.equal(await error('form.create'), says.endYear);
    await shot(page, `forms-create-${lang}`);
    // The DAIDE field's sentence of help is read across the form, not down a narrow column.
    const [helpWidth, formWidth] = await page.$eval('input[name="daide_players"] + .muted', (e) => [e.getBoundingClientRect().width, e.closest('form').clientWidth]);
    assert.ok(helpWidth >= formWidth * 0.8, `${lang}: the DAIDE help is ${helpWidth} px wide in a ${formWidth} px form`);
    await page.fill('input[name="end_year"]', '');
    await page.selectOption('select[name="preset"]', 'computer');
    await page.click('[data-action="create-game"]');
    await page.waitForSelector('.diplomacy[data-phase="S1901M"]');
    assert.equal(await browserChecked(page), 0);

    // A typed order sent empty.
    await page.click('[data-action="add-order"]');
    assert.equal(await page.innerText('.prompt.error'), says.order);

    // The notices' settings: an address that is none, times out of range, a webhook that is no address.
    await page.click('[data-action="notice-settings"]');
    await page.waitForSelector('[data-email="none"]');
    assert.equal(await browserChecked(page), 0);
    await page.fill('input[name="email"]', 'not an address');
    await page.click('[data-action="add-email"]');
    assert.equal(await error('[data-email]'), says.email);
    await page.fill('input[name="reminder_hours"]', '0');
    await page.click('[data-action="save-times"]');
    assert.equal(await error('.notice-settings'), says.reminder);
    await page.fill('input[name="webhook"]', 'discord');
    await page.click('[data-action="set-webhook"]');
    assert.equal(await error('[data-game-id]'), says.webhook);
    await shot(page, `forms-settings-${lang}`);
    assert.deepEqual(page.problems, []);
    await context.close();
  });
}
