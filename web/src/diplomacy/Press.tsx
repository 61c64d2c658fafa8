// Press as conversations: the public board and one thread per power or group (threads.ts),
// each with its unread count; "all messages" shows every one. A thread's composer writes to
// its powers; the others choose recipients. The server sends each reader only what was
// sent to their powers and every public message.
import { useEffect, useState } from 'preact/hooks';
import { api, type Deal, type DiplomacyView, type Message } from '../api';
import { useT, listOf, powerName, timeOfDay } from '../ui/i18n';
import { powerColours } from './colours';
import { Agreements, ProposalAnswer, ProposalComposer } from './Proposals';
import { isUnread, kEverything, kPublic, threadOf, threadsOf, type Seen } from './threads';

interface Props {
  id: string;
  view: DiplomacyView;
  messages: Message[];
  deals: Deal[];
  seen: Seen;
  onSeen: (thread: string, last: number) => void;
  onSent: () => void;
}

export function Press({ id, view, messages, deals, seen, onSeen, onSent }: Props) {
  const { t, lang } = useT();
  const mine = view.my_powers;
  const [from, setFrom] = useState(mine[0] ?? '');
  const [thread, setThread] = useState(kEverything);
  const [to, setTo] = useState<Set<string>>(new Set());
  const [treaty, setTreaty] = useState(false);
  const [error, setError] = useState('');
  const others = Object.keys(view.powers).filter((p) => !mine.includes(p));
  const threads = threadsOf(messages, mine, seen);
  const shown = thread === kEverything ? messages : messages.filter((m) => threadOf(m, mine) === thread);
  const lastShown = Math.max(0, ...shown.map((m) => Number(m.id) || 0));
  // What is on screen is read.
  useEffect(() => { if (lastShown > (seen[thread] ?? 0)) onSeen(thread, lastShown); }, [thread, lastShown]);
  // A thread's composer writes to that thread's powers; the others choose.
  const recipients = thread === kEverything ? to : thread === kPublic ? new Set<string>() : new Set(thread.split('+'));

  const send = async (e: Event) => {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    const field = form.elements.namedItem('message') as HTMLTextAreaElement;
    const text = field.value.trim();
    if (!text || !from) return;
    try {
      if (treaty && recipients.size) await api.proposeTreaty(id, from, [from, ...recipients], text);
      else await api.send(id, from, recipients.size ? [...recipients] : 'all', text);
      field.value = '';
      setTo(new Set());
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
  const toggle = (power: string) => {
    const next = new Set(to);
    if (next.has(power)) next.delete(power); else next.add(power);
    setTo(next);
  };
  const who = (list: string[] | 'all') => (list === 'all' || list.length === 0 ? t('game.everyone') : listOf(lang, list.map((p) => powerName(t, p))));
  const threadName = (key: string) => (key === kEverything ? t('game.allMessages') : key === kPublic ? t('game.publicBoard') : who(key.split('+')));
  const when = (iso: string) => {
    const date = new Date(iso);
    const today = new Date().toDateString() === date.toDateString();
    return today ? timeOfDay(date, lang) : `${date.toLocaleDateString(lang, { month: 'short', day: 'numeric' })} ${timeOfDay(date, lang)}`;
  };

  return (
    <div class="press" role="tabpanel">
      <nav class="threads" aria-label={t('game.conversations')}>
        {[{ key: kEverything, unread: threads.reduce((n, th) => n + th.unread, 0) }, ...threads].map((th) => (
          <button type="button" key={th.key} data-thread={th.key} aria-pressed={thread === th.key} class={thread === th.key ? 'active' : ''}
            onClick={() => setThread(th.key)}>
            {th.key !== kEverything && th.key !== kPublic && th.key.split('+').map((p) => <span key={p} class="dot" style={{ background: powerColours[p] }} />)}
            <span>{threadName(th.key)}</span>
            {th.unread > 0 && <span class="badge" aria-label={t('game.unread', { count: th.unread })}>{th.unread}</span>}
          </button>
        ))}
      </nav>
      {shown.length === 0 ? <p class="muted">{t('game.noMessages')}</p> : (
        <ul class="messages" aria-live="polite">
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
      {mine.length > 0 && view.press_open !== false && from && (
        <details class="propose" data-propose>
          <summary>{t('game.propose')}</summary>
          <ProposalComposer id={id} view={view} from={from} onSent={onSent} />
        </details>
      )}
      {mine.length > 0 && view.press_open !== false && (
        <form class="compose" onSubmit={send}>
          {mine.length > 1 && (
            <select name="from" aria-label={t('game.powers')} value={from} onChange={(e) => setFrom((e.target as HTMLSelectElement).value)}>
              {mine.map((p) => <option key={p} value={p}>{powerName(t, p)}</option>)}
            </select>
          )}
          {thread === kEverything ? (
            <fieldset>
              <legend>{t('game.to')}</legend>
              <label class="check"><input type="checkbox" name="to_all" checked={to.size === 0} onChange={() => setTo(new Set())} />{t('game.everyone')}</label>
              {others.map((p) => (
                <label class="check" key={p}><input type="checkbox" name="to" value={p} checked={to.has(p)} onChange={() => toggle(p)} />{powerName(t, p)}</label>
              ))}
            </fieldset>
          ) : <p class="muted">{t('game.writingTo', { powers: threadName(thread) })}</p>}
          {recipients.size > 0 && <label class="check"><input type="checkbox" name="treaty" checked={treaty} onChange={(e) => setTreaty((e.target as HTMLInputElement).checked)} />{t('game.asTreaty')}</label>}
          <textarea name="message" aria-label={t('game.message')} placeholder={t('game.message')} rows={3} maxLength={4000} />
          {error && <p class="error" role="alert">{error}</p>}
          <button type="submit" class="primary" data-action="send-message">{t('game.send')}</button>
        </form>
      )}
    </div>
  );
}
