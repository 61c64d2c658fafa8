// Structured press in the press panel: a composer of proposals (peace, alliance against
// powers, a demilitarised zone, a draw) to the powers chosen in the press panel's one
// recipient picker, the answers to proposals made
// to us (Accept / Reject under the sentence), and the agreements reached with their state
// after each phase (holding, kept, broken by whom). The server turns every proposal into a
// sentence in the reader's language; nothing here writes DAIDE but the answers, which
// repeat the proposal.
import { useState } from 'preact/hooks';
import { api, type Deal, type DiplomacyView, type Message } from '../api';
import { useT, listOf, powerName, provinceName, seasonAndYear } from '../ui/i18n';
import { provinces } from './board';
import type { Recipients } from './Press';

type Kind = 'peace' | 'alliance' | 'dmz' | 'draw';

interface ComposerProps {
  id: string;
  view: DiplomacyView;
  from: string;
  to: Recipients;
  onSent: () => void;
}

export function ProposalComposer({ id, view, from, to, onSent }: ComposerProps) {
  const { t, lang } = useT();
  const [kind, setKind] = useState<Kind>('peace');
  const [against, setAgainst] = useState<Set<string>>(new Set());
  const [zone, setZone] = useState<string[]>([]);
  const [error, setError] = useState('');
  const others = Object.keys(view.powers).filter((p) => p !== from && view.powers[p]?.status !== 'eliminated');
  // A proposal to everyone is made to every other power still in the game.
  const partners = to === 'all' ? others : to.filter((p) => p !== from);
  const flip = (set: Set<string>, power: string, update: (s: Set<string>) => void) => {
    const next = new Set(set);
    if (next.has(power)) next.delete(power); else next.add(power);
    update(next);
  };
  const places = [...provinces.values()].map((p) => p.code).sort((a, b) => provinceName(t, a).localeCompare(provinceName(t, b), lang));

  const propose = async (e: Event) => {
    e.preventDefault();
    // The page's own sentences, before the server's: what is missing, in the reader's words.
    const missing = partners.length === 0 ? 'game.proposalNeedsPowers'
      : kind === 'alliance' && against.size === 0 ? 'game.allianceNeedsEnemies'
        : kind === 'dmz' && zone.length === 0 ? 'game.zoneHelp' : '';
    if (missing) { setError(t(missing)); return; }
    const parties = [from, ...partners];
    const arrangement = kind === 'peace' ? { type: 'peace', powers: parties }
      : kind === 'alliance' ? { type: 'alliance', powers: parties, against: [...against] }
        : kind === 'dmz' ? { type: 'dmz', powers: parties, provinces: zone }
          : { type: 'draw' };
    try {
      await api.sendPress(id, from, to === 'all' ? 'all' : partners, { kind: 'propose', arrangement });
      setAgainst(new Set()); setZone([]); setError('');
      onSent();
    } catch (err) {
      setError((err as Error).message);
    }
  };

  return (
    <form class="compose proposal-composer" data-proposal-form onSubmit={propose} noValidate>
      <label>{t('game.proposalKind')}
        <select name="proposal_kind" value={kind} onChange={(e) => setKind((e.target as HTMLSelectElement).value as Kind)}>
          {(['peace', 'alliance', 'dmz', 'draw'] as Kind[]).map((k) => <option key={k} value={k}>{t(`game.kind_${k}`)}</option>)}
        </select>
      </label>
      <p class="muted" data-proposal-to>{partners.length ? t('game.proposalTo', { powers: listOf(lang, partners.map((p) => powerName(t, p))) }) : t('game.proposalNeedsPowers')}</p>
      {kind === 'alliance' && (
        <fieldset>
          <legend>{t('game.against')}</legend>
          {others.filter((p) => !partners.includes(p)).map((p) => (
            <label class="check" key={p}><input type="checkbox" name="against" value={p} checked={against.has(p)}
              onChange={() => flip(against, p, setAgainst)} />{powerName(t, p)}</label>
          ))}
        </fieldset>
      )}
      {kind === 'dmz' && (
        <label>{t('game.zone')}
          <select name="zone" multiple size={6} onChange={(e) => setZone([...(e.target as HTMLSelectElement).selectedOptions].map((o) => o.value))}>
            {places.map((code) => <option key={code} value={code} selected={zone.includes(code)}>{provinceName(t, code)}</option>)}
          </select>
          <span class="muted">{zone.length ? listOf(lang, zone.map((c) => provinceName(t, c))) : t('game.zoneHelp')}</span>
        </label>
      )}
      {error && <p class="error" role="alert">{error}</p>}
      <button type="submit" data-action="send-proposal">{t('game.sendProposal')}</button>
    </form>
  );
}

interface AnswerProps {
  id: string;
  message: Message;
  mine: string[];
  messages: Message[];
  onSent: () => void;
}

// Accept / Reject under a proposal made to one of our powers that it has not answered.
export function ProposalAnswer({ id, message, mine, messages, onSent }: AnswerProps) {
  const { t } = useT();
  const [error, setError] = useState('');
  const press = message.press;
  if (!press || !press.startsWith('PRP') || mine.includes(message.from)) return null;
  const me = message.to === 'all' ? mine[0] : mine.find((p) => message.to.includes(p));
  if (!me) return null;
  const answered = messages.some((m) => m.from === me && (m.press === `YES (${press})` || m.press === `REJ (${press})`));
  if (answered) return <span class="muted" data-answered>{t('game.answered')}</span>;
  const answer = async (yes: boolean) => {
    try { await api.sendPress(id, me, [message.from], `${yes ? 'YES' : 'REJ'} (${press})`); setError(''); onSent(); } catch (err) { setError((err as Error).message); }
  };
  return (
    <div class="row proposal-answer">
      <button type="button" class="primary" data-action="accept-proposal" onClick={() => answer(true)}>{t('game.accept')}</button>
      <button type="button" data-action="reject-proposal" onClick={() => answer(false)}>{t('game.reject')}</button>
      {error && <p class="error" role="alert">{error}</p>}
    </div>
  );
}

// The agreements our powers are party to, read as agreements ("France and Germany at
// peace since Spring 1901"), with their state ("broken by Russia, Fall 1901"); a deal's
// event changes them as it happens.
export function Agreements({ deals }: { deals: Deal[] }) {
  const { t, lang } = useT();
  if (deals.length === 0) return null;
  return (
    <section class="agreements" aria-label={t('game.agreements')}>
      <h3>{t('game.agreements')}</h3>
      <ul class="messages">
        {deals.map((deal) => (
          <li key={deal.id} data-deal-id={deal.id} data-deal-state={deal.state} class={`private deal-${deal.state}`}>
            <p class="text" data-agreement>{deal.agreement ?? deal.sentence}</p>
            <div class="meta">
              <span class={`tag deal-${deal.state}`}>{deal.state === 'broken'
                ? t('game.deal_broken', { powers: listOf(lang, (deal.broken_by ?? []).map((p) => powerName(t, p))),
                  phase: deal.broken_phase ? seasonAndYear(t, deal.broken_phase) : '' })
                : t(`game.deal_${deal.state}`)}</span>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
