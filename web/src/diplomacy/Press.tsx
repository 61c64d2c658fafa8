// Press as conversations: the public board and one thread per power or group (threads.ts),
// each with its unread count; "all messages" shows every one, oldest first, scrolled to the
// newest. One recipient picker serves the message and the proposal alike: it shows whom
// the next one goes to, and only the person changes it (opening a thread chooses that
// thread's powers; "everyone" is a box of its own; nothing is reset after sending). The
// server sends each reader only what was sent to their powers and every public message.
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, type Deal, type DiplomacyView, type Message } from '../api';
import { useT, listOf, powerName, timeOfDay } from '../ui/i18n';
import { powerColours } from './colours';
import { Agreements, ProposalAnswer, ProposalComposer } from './Proposals';
import { isUnread, kEverything, kPublic, threadOf, threadsOf, type Seen } from './threads';

/** Whom the next message or proposal goes to: every power, the powers chosen, or none yet. */
export type Recipients = 'all' | string[];

/** What the composer holds while the person is elsewhere on the page (another tab). */
export interface Draft {
  thread: string;
  to: Recipients;
  text: string;
}
export const emptyDraft: Draft = { thread: kEverything, to: [], text: '' };

interface Props {
  id: string;
  view: DiplomacyView;
  messages: Message[];
  deals: Deal[];
  seen: Seen;
  draft: Draft;
  onDraft: (draft: Draft) => void;
  onSeen: (thread: string, last: number) => void;
  onSent: () => void;
}

export function Press({ id, view, messages, deals, seen, draft, onDraft, onSeen, onSent }: Props) {
  const { t, lang } = useT();
  const mine = view.my_powers;
  const [from, setFrom] = useState(mine[0] ?? '');
  const [treaty, setTreaty] = useState(false);
  const [error, setError] = useState('');
  const list = useRef<HTMLUListElement>(null);
  const { thread } = draft;
  const publicOnly = view.options?.press === 'public';
  const others = Object.keys(view.powers).filter((p) => !mine.includes(p) && view.powers[p]?.status !== 'eliminated');
  const to: Recipients = publicOnly ? 'all' : draft.to;
  const chosen = to === 'all' ? [] : to;
  const threads = threadsOf(messages, mine, seen);
  const shown = thread === kEverything ? messages : messages.filter((m) => threadOf(m, mine) === thread);
  const lastShown = Math.max(0, ...shown.map((m) => Number(m.id) || 0));
  // What is on screen is read; the newest message is in view.
  useEffect(() => { if (lastShown > (seen[thread] ?? 0)) onSeen(thread, lastShown); }, [thread, lastShown]);
  useEffect(() => { if (list.current) list.current.scrollTop = list.current.scrollHeight; }, [thread, lastShown]);

  const update = (change: Partial<Draft>) => onDraft({ ...draft, ...change });
  // Opening a conversation is choosing to write to it; "all messages" leaves the choice.
  const openThread = (key: string) => {
    setError('');
    if (key === kEverything) update({ thread: key });
    else update({ thread: key, to: key === kPublic ? 'all' : key.split('+') });
  };
  const toggle = (power: string) => {
    const next = chosen.includes(power) ? chosen.filter((p) => p !== power) : [...chosen, power];
    update({ to: next });
  };

  const send = async (e: Event) => {
    e.preventDefault();
    const text = draft.text.trim();
    if (to !== 'all' && to.length === 0) { setError(t('game.chooseRecipients')); return; }
    if (!text) { setError(t('game.writeMessage')); return; }
    if (!from) return;
    try {
      if (treaty && to !== 'all') await api.proposeTreaty(id, from, [from, ...to], text);
      else await api.send(id, from, to, text);
      // The words go; whom they went to stays, shown, for the next message.
      update({ text: '' });
      setTreaty(false);
      setError('');
      onSent();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const act = async (action: () => Promise<unknown>) => {
    try { await action(); setError(''); onSent(); } catch (err) { setError((err as Error).message); }
  };
  const who = (powers: string[] | 'all') => (powers === 'all' || powers.length === 0 ? t('game.everyone') : listOf(lang, powers.map((p) => powerName(t, p))));
  const threadName = (key: string) => (key === kEverything ? t('game.allMessages') : key === kPublic ? t('game.publicBoard') : who(key.split('+')));
  const when = (iso: string) => {
    const date = new Date(iso);
    const today = new Date().toDateString() === date.toDateString();
    return today ? timeOfDay(date, lang) : `${date.toLocaleDateString(lang, { month: 'short', day: 'numeric' })} ${timeOfDay(date, lang)}`;
  };
  const canWrite = mine.length > 0 && view.press_open !== false && Boolean(from);
  // Whether the computer players propose, and when: otherwise a person waits for offers
  // that never come (or takes the silence of computers that only talk to one another for it).
  const computers = Object.values(view.powers).some((seat) => seat.computer) && view.options?.press !== 'none';
  const computersPropose = Boolean(view.options?.computers_propose);

  return (
    <div class="press" role="tabpanel">
      {computers && (
        <p class="muted" data-computers-propose={computersPropose ? 'yes' : 'no'}>
          {t(computersPropose ? 'game.computersProposeYes' : 'game.computersProposeNo')}
        </p>
      )}
      <nav class="threads" aria-label={t('game.conversations')}>
        {[{ key: kEverything, unread: threads.reduce((n, th) => n + th.unread, 0) }, ...threads].map((th) => (
          <button type="button" key={th.key} data-thread={th.key} aria-pressed={thread === th.key} class={thread === th.key ? 'active' : ''}
            onClick={() => openThread(th.key)}>
            {th.key !== kEverything && th.key !== kPublic && th.key.split('+').map((p) => <span key={p} class="dot" style={{ background: powerColours[p] }} />)}
            <span>{threadName(th.key)}</span>
            {th.unread > 0 && <span class="badge" aria-label={t('game.unread', { count: th.unread })}>{th.unread}</span>}
          </button>
        ))}
      </nav>
      {shown.length === 0 ? <p class="muted">{t('game.noMessages')}</p> : (
        <ul class="messages" aria-live="polite" ref={list}>
          {shown.map((m) => (
            <li key={m.id} data-message-id={m.id} class={`${m.to === 'all' ? 'public' : 'private'}${mine.includes(m.from) ? ' mine' : ''}${isUnread(m, threadOf(m, mine), seen) ? ' unread' : ''}`}>
              <div class="meta">
                <span class="dot" style={{ background: powerColours[m.from] }} /><strong>{powerName(t, m.from)}</strong>
                {view.powers[m.from]?.computer && <span class="tag computer">{t('game.computerTag')}</span>}
                <span>→ {who(m.to)}</span>
                <time dateTime={m.sent_at}>{when(m.sent_at)}</time>
              </div>
              {m.sentence && <p class="proposal" data-press={m.press}>{m.sentence}</p>}
              {m.text && <p class="text" data-message-text>{m.text}</p>}
              <ProposalAnswer id={id} message={m} mine={mine} messages={messages} onSent={onSent} />
            </li>
          ))}
        </ul>
      )}
      {(view.treaties ?? []).length > 0 && (
        <section class="treaties" aria-label={t('game.treaties')}>
          <h3>{t('game.treaties')}</h3>
          <ul class="messages">
            {(view.treaties ?? []).map((item) => {
              const parties = view.my_powers.filter((p) => item.parties?.includes(p));
              const unsigned = parties.find((p) => !item.signed_by?.includes(p));
              const allSigned = (item.parties ?? []).every((p) => item.signed_by?.includes(p));
              return (
                <li key={item.id} data-treaty-id={item.id} class="private">
                  <div class="meta">{who(item.parties ?? [])}{item.published && <strong>{t('game.published')}</strong>}</div>
                  <p class="text">{item.text}</p>
                  <div class="meta">{t('game.signedBy', { powers: who(item.signed_by ?? []) })}</div>
                  <div class="row">
                    {unsigned && <button type="button" data-action="sign-treaty" onClick={() => act(() => api.signTreaty(id, item.id!, unsigned))}>{t('game.sign')}</button>}
                    {allSigned && !item.published && parties.length > 0 && <button type="button" data-action="publish-treaty" onClick={() => act(() => api.publishTreaty(id, item.id!, parties[0]))}>{t('game.publish')}</button>}
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      <Agreements deals={deals} />
      {canWrite && (
        <div class="compose-area">
          {mine.length > 1 && (
            <label>{t('game.from')}
              <select name="from" value={from} onChange={(e) => setFrom((e.target as HTMLSelectElement).value)}>
                {mine.map((p) => <option key={p} value={p}>{powerName(t, p)}</option>)}
              </select>
            </label>
          )}
          <fieldset class="recipients" data-recipients={to === 'all' ? 'all' : chosen.join(' ')}>
            <legend>{t('game.to')}</legend>
            <label class="check"><input type="checkbox" name="to_all" checked={to === 'all'} disabled={publicOnly}
              onChange={() => update({ to: to === 'all' ? [] : 'all' })} />{t('game.everyone')}</label>
            {!publicOnly && others.map((p) => (
              <label class="check" key={p}><input type="checkbox" name="to" value={p} checked={chosen.includes(p)} onChange={() => toggle(p)} />{powerName(t, p)}</label>
            ))}
            {publicOnly && <span class="muted">{t('game.publicPressOnly')}</span>}
          </fieldset>
          <form class="compose" onSubmit={send} noValidate>
            <textarea name="message" aria-label={t('game.message')} placeholder={t('game.message')} rows={3} maxLength={4000}
              value={draft.text} onInput={(e) => update({ text: (e.target as HTMLTextAreaElement).value })} />
            {chosen.length > 0 && <label class="check"><input type="checkbox" name="treaty" checked={treaty} onChange={(e) => setTreaty((e.target as HTMLInputElement).checked)} />{t('game.asTreaty')}</label>}
            {error && <p class="error" role="alert">{error}</p>}
            <button type="submit" class="primary" data-action="send-message">
              {to === 'all' || chosen.length ? t('game.sendTo', { powers: who(to) }) : t('game.send')}
            </button>
          </form>
          <details class="propose" data-propose>
            <summary>{t('game.propose')}</summary>
            <ProposalComposer id={id} view={view} from={from} to={to} onSent={onSent} />
          </details>
        </div>
      )}
    </div>
  );
}
