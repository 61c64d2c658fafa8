// Press: the public board and private or group messages (the server sends each reader
// only what was sent to their powers and every public message).
import { useState } from 'preact/hooks';
import { api, type DiplomacyView, type Message } from '../api';
import { useT, listOf, powerName } from '../ui/i18n';
import { powerColours } from './colours';

export function Press({ id, view, messages, onSent }: { id: string; view: DiplomacyView; messages: Message[]; onSent: () => void }) {
  const { t, lang } = useT();
  const [from, setFrom] = useState(view.my_powers[0] ?? '');
  const [to, setTo] = useState<Set<string>>(new Set());
  const [error, setError] = useState('');
  const others = Object.keys(view.powers).filter((p) => !view.my_powers.includes(p));

  const send = async (e: Event) => {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    const field = form.elements.namedItem('message') as HTMLTextAreaElement;
    const asTreaty = (form.elements.namedItem('treaty') as HTMLInputElement | null)?.checked;
    const text = field.value.trim();
    if (!text || !from) return;
    try {
      if (asTreaty) await api.proposeTreaty(id, from, [from, ...to], text);
      else await api.send(id, from, to.size ? [...to] : 'all', text);
      field.value = '';
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

  return (
    <div class="press" role="tabpanel">
      {messages.length === 0 ? <p class="muted">{t('game.noMessages')}</p> : (
        <ul class="messages" aria-live="polite">
          {messages.map((m) => (
            <li key={m.id} data-message-id={m.id} class={m.to === 'all' ? 'public' : 'private'}>
              <div class="meta">
                <span class="dot" style={{ background: powerColours[m.from] }} /><strong>{powerName(t, m.from)}</strong> → {who(m.to)}
                <time dateTime={m.sent_at}>{new Date(m.sent_at).toLocaleTimeString()}</time>
              </div>
              <p class="text" data-message-text>{m.text}</p>
            </li>
          ))}
        </ul>
      )}
      {(view.treaties ?? []).length > 0 && (
        <section class="treaties" aria-label={t('game.treaties')}>
          <h3>{t('game.treaties')}</h3>
          <ul class="messages">
            {(view.treaties ?? []).map((treaty) => {
              const mine = view.my_powers.filter((p) => treaty.parties?.includes(p));
              const unsigned = mine.find((p) => !treaty.signed_by?.includes(p));
              const allSigned = (treaty.parties ?? []).every((p) => treaty.signed_by?.includes(p));
              return (
                <li key={treaty.id} data-treaty-id={treaty.id} class="private">
                  <div class="meta">{who(treaty.parties ?? [])}{treaty.published && <strong>{t('game.published')}</strong>}</div>
                  <p class="text">{treaty.text}</p>
                  <div class="meta">{t('game.signedBy', { powers: who(treaty.signed_by ?? []) })}</div>
                  <div class="row">
                    {unsigned && <button type="button" data-action="sign-treaty" onClick={() => act(() => api.signTreaty(id, treaty.id!, unsigned))}>{t('game.sign')}</button>}
                    {allSigned && !treaty.published && mine.length > 0 && <button type="button" data-action="publish-treaty" onClick={() => act(() => api.publishTreaty(id, treaty.id!, mine[0]))}>{t('game.publish')}</button>}
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {view.my_powers.length > 0 && view.press_open !== false && (
        <form class="compose" onSubmit={send}>
          {view.my_powers.length > 1 && (
            <select name="from" aria-label={t('game.powers')} value={from} onChange={(e) => setFrom((e.target as HTMLSelectElement).value)}>
              {view.my_powers.map((p) => <option key={p} value={p}>{powerName(t, p)}</option>)}
            </select>
          )}
          <fieldset>
            <legend>{t('game.to')}</legend>
            <label class="check"><input type="checkbox" name="to_all" checked={to.size === 0} onChange={() => setTo(new Set())} />{t('game.everyone')}</label>
            {others.map((p) => (
              <label class="check" key={p}><input type="checkbox" name="to" value={p} checked={to.has(p)} onChange={() => toggle(p)} />{powerName(t, p)}</label>
            ))}
          </fieldset>
          {to.size > 0 && <label class="check"><input type="checkbox" name="treaty" />{t('game.asTreaty')}</label>}
          <textarea name="message" aria-label={t('game.message')} placeholder={t('game.message')} rows={3} maxLength={4000} />
          {error && <p class="error" role="alert">{error}</p>}
          <button type="submit" class="primary" data-action="send-message">{t('game.send')}</button>
        </form>
      )}
    </div>
  );
}
