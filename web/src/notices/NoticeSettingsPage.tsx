// The notices' settings page (/settings): which notices go on which channel, the e-mail
// address and its confirmation, this device's push notifications, the reminder and
// gathering times, the calendar feed, and for each of the player's games its own choice
// and its group-chat webhook.
import { useEffect, useState } from 'preact/hooks';
import { api, type GameSummary, type User } from '../api';
import { useT, gameName } from '../ui/i18n';
import { formProblem } from '../ui/formCheck';
import { PushDevice } from './PushDevice';
import { KINDS, noticesApi, type NoticeEvents, type NoticeSettings, type Webhook } from './api';

function useErrors() {
  const { t } = useT();
  const [error, setError] = useState('');
  const guard = async (work: () => Promise<unknown>) => {
    setError('');
    try { await work(); } catch (e) { setError((e as Error).message); }
  };
  // A form's submission: its own check first, in the page's language, then the work.
  const submitted = (e: Event, work: (form: HTMLFormElement) => Promise<unknown>) => {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    const problem = formProblem(t, form);
    if (problem) setError(problem);
    else void guard(() => work(form));
  };
  return { error, guard, submitted };
}

function EmailSection({ settings, onChange }: { settings: NoticeSettings; onChange: () => void }) {
  const { t } = useT();
  const { error, guard, submitted } = useErrors();
  const [address, setAddress] = useState('');
  const email = settings.email;
  if (!settings.channels.includes('email')) return <p class="muted" data-email="none">{t('notices.noMail')}</p>;
  return (
    <div data-email={email ? (email.confirmed ? 'confirmed' : 'unconfirmed') : 'none'}>
      {email && (
        <p>
          {email.confirmed ? t('notices.emailConfirmed', { address: email.address }) : t('notices.emailUnconfirmed', { address: email.address })}
          {' '}
          <button type="button" class="link" data-action="remove-email" onClick={() => guard(async () => { await noticesApi.removeEmail(); onChange(); })}>
            {t('notices.remove')}
          </button>
        </p>
      )}
      <form class="row" noValidate onSubmit={(e) => submitted(e, async () => { await noticesApi.setEmail(address.trim()); setAddress(''); onChange(); })}>
        <label>
          {email ? t('notices.otherAddress') : t('notices.address')}
          <input type="email" name="email" autocomplete="email" value={address} onInput={(e) => setAddress(e.currentTarget.value)} required />
        </label>
        <button type="submit" class="primary" data-action="add-email">{t('notices.sendConfirmation')}</button>
      </form>
      {error && <p class="error" role="alert">{error}</p>}
    </div>
  );
}

/** Kinds down, channels across: a box for each. */
function EventsTable({ events, channels, disabled, onToggle, name }: {
  events: NoticeEvents; channels: string[]; disabled: (channel: string) => boolean;
  onToggle: (kind: string, channel: string, on: boolean) => void; name: string;
}) {
  const { t } = useT();
  return (
    <table class="notice-events" data-events={name}>
      <thead><tr><th scope="col">{t('notices.what')}</th>{channels.map((c) => <th scope="col" key={c}>{t(`notices.channel_${c}`)}</th>)}</tr></thead>
      <tbody>
        {KINDS.map((kind) => (
          <tr key={kind}>
            <th scope="row"><span>{t(`notices.kind_${kind}`)}</span></th>
            {channels.map((channel) => (
              <td key={channel}>
                <input type="checkbox" name={`${kind}:${channel}`} aria-label={`${t(`notices.kind_${kind}`)}: ${t(`notices.channel_${channel}`)}`}
                  checked={(events[kind] ?? []).includes(channel)} disabled={disabled(channel)}
                  onChange={(e) => onToggle(kind, channel, e.currentTarget.checked)} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function toggled(events: NoticeEvents, kind: string, channel: string, on: boolean): NoticeEvents {
  const current = new Set((events as Record<string, string[]>)[kind] ?? []);
  if (on) current.add(channel); else current.delete(channel);
  return { ...events, [kind]: [...current].sort() };
}

/** A game's own choices that tell nothing on any channel. */
function isMuted(events: NoticeEvents | null | undefined): boolean {
  return Boolean(events) && Object.values(events as Record<string, string[]>).every((channels) => channels.length === 0);
}

function CalendarSection({ settings, onChange }: { settings: NoticeSettings; onChange: () => void }) {
  const { t } = useT();
  const { error, guard } = useErrors();
  return (
    <div data-calendar={settings.calendar_url ? 'on' : 'off'}>
      <p class="muted">{t('notices.calendarHint')}</p>
      {settings.calendar_url ? (
        <div class="row">
          <input class="wide" readonly name="calendar_url" value={settings.calendar_url} aria-label={t('notices.calendar')}
            onFocus={(e) => e.currentTarget.select()} />
          <button type="button" data-action="reset-calendar" onClick={() => guard(async () => { await noticesApi.resetCalendar(); onChange(); })}>{t('notices.resetCalendar')}</button>
          <button type="button" class="link" data-action="remove-calendar" onClick={() => guard(async () => { await noticesApi.removeCalendar(); onChange(); })}>{t('notices.remove')}</button>
        </div>
      ) : (
        <button type="button" data-action="make-calendar" onClick={() => guard(async () => { await noticesApi.resetCalendar(); onChange(); })}>{t('notices.makeCalendar')}</button>
      )}
      {error && <p class="error" role="alert">{error}</p>}
    </div>
  );
}

function GameRow({ game, muted, onChange }: { game: GameSummary; muted: boolean; onChange: () => void }) {
  const { t, lang } = useT();
  const { error, guard, submitted } = useErrors();
  const [webhook, setWebhook] = useState<Webhook | null | undefined>(undefined);
  const [url, setUrl] = useState('');
  useEffect(() => { noticesApi.webhook(game.id).then((w) => setWebhook(w.webhook)).catch(() => setWebhook(null)); }, [game.id]);
  return (
    <li data-game-id={game.id}>
      <strong>{gameName(t, game)}</strong>
      <label class="check">
        <input type="checkbox" name="mute" checked={muted}
          onChange={(e) => guard(async () => { await noticesApi.setGameNotices(game.id, e.currentTarget.checked ? {} : null); onChange(); })} />
        {t('notices.muteGame')}
      </label>
      {webhook ? (
        <p class="row">
          <span class="muted">{t('notices.webhookSet', { format: webhook.format === 'slack' ? 'Slack' : 'Discord' })}</span>
          <button type="button" class="link" data-action="remove-webhook" onClick={() => guard(async () => { await noticesApi.removeWebhook(game.id); setWebhook(null); })}>{t('notices.remove')}</button>
        </p>
      ) : webhook === null && (
        <form class="row" noValidate onSubmit={(e) => submitted(e, async () => { setWebhook((await noticesApi.setWebhook(game.id, { url: url.trim(), language: lang })).webhook); setUrl(''); })}>
          <label>
            {t('notices.webhook')}
            <input type="url" name="webhook" placeholder="https://discord.com/api/webhooks/…" value={url} onInput={(e) => setUrl(e.currentTarget.value)} required />
          </label>
          <button type="submit" data-action="set-webhook">{t('notices.setWebhook')}</button>
        </form>
      )}
      {error && <p class="error" role="alert">{error}</p>}
    </li>
  );
}

export function NoticeSettingsPage({ user }: { user: User }) {
  const { t } = useT();
  const [settings, setSettings] = useState<NoticeSettings | null>(null);
  const [games, setGames] = useState<GameSummary[]>([]);
  const { error, guard, submitted } = useErrors();
  const load = () => guard(async () => {
    setSettings(await noticesApi.settings());
    // The lobby's list holds open games too: those the player has a seat in answer.
    const listed = (await api.games()).filter((g) => g.status !== 'finished');
    const seated = await Promise.all(listed.map((g) => noticesApi.gameNotices(g.id).then(() => g, () => null)));
    setGames(seated.filter((g): g is GameSummary => g !== null));
  });
  useEffect(() => { void load(); }, [user.id]);
  if (!settings) return <p class="muted">{error || t('app.loading')}</p>;

  const save = (body: Parameters<typeof noticesApi.update>[0]) => guard(async () => setSettings(await noticesApi.update(body)));
  const emailReady = Boolean(settings.email?.confirmed);
  return (
    <div class="notice-settings">
      <h1>{t('notices.title')}</h1>
      {error && <p class="error" role="alert">{error}</p>}
      <section class="card" aria-labelledby="notices-email">
        <h2 id="notices-email">{t('notices.email')}</h2>
        <EmailSection settings={settings} onChange={() => void load()} />
      </section>
      {settings.channels.includes('push') && (
        <section class="card" aria-labelledby="notices-device">
          <h2 id="notices-device">{t('notices.device')}</h2>
          <PushDevice />
        </section>
      )}
      <section class="card" aria-labelledby="notices-what">
        <h2 id="notices-what">{t('notices.whatToTell')}</h2>
        {settings.channels.length === 0 ? <p class="muted">{t('notices.noChannels')}</p> : (
          <EventsTable name="account" events={settings.events} channels={settings.channels}
            disabled={(channel) => channel === 'email' && !emailReady}
            onToggle={(kind, channel, on) => save({ events: toggled(settings.events, kind, channel, on) })} />
        )}
        {!emailReady && settings.channels.includes('email') && <p class="muted">{t('notices.confirmFirst')}</p>}
        <form class="row" noValidate onSubmit={(e) => submitted(e, async (form) => {
          const f = new FormData(form);
          setSettings(await noticesApi.update({ reminder_hours: Number(f.get('reminder_hours')), press_minutes: Number(f.get('press_minutes')) }));
        })}>
          <label>{t('notices.reminderHours')}<input type="number" name="reminder_hours" min={1} max={168} value={settings.reminder_hours} /></label>
          <label>{t('notices.pressMinutes')}<input type="number" name="press_minutes" min={1} max={1440} value={settings.press_minutes} /></label>
          <button type="submit" data-action="save-times">{t('notices.save')}</button>
        </form>
      </section>
      <section class="card" aria-labelledby="notices-calendar">
        <h2 id="notices-calendar">{t('notices.calendar')}</h2>
        <CalendarSection settings={settings} onChange={() => void load()} />
      </section>
      <section class="card" aria-labelledby="notices-games">
        <h2 id="notices-games">{t('notices.games')}</h2>
        {games.length === 0 ? <p class="muted">{t('lobby.noGames')}</p> : (
          <ul class="notice-games">
            {games.map((g) => <GameRow key={g.id} game={g} muted={isMuted(settings.games[g.id]?.events)} onChange={() => void load()} />)}
          </ul>
        )}
        <p class="muted">{t('notices.webhookHint')}</p>
      </section>
    </div>
  );
}
