// The draw vote and the vote to end by lot (seed 000 §5.1(c)) of the powers the user plays.
// A yes can end the game, so the page asks first and says what follows: the game ends when
// every power in `voters` (the server's: the powers whose votes count, computer-played
// ones among them) has voted yes. Where the game's votes are public, every player sees who
// has voted and who has not.
import { useState } from 'preact/hooks';
import { api, type DiplomacyView } from '../api';
import { Confirm } from '../ui/Confirm';
import { listOf, powerName, useT } from '../ui/i18n';

type Kind = 'draw' | 'end';

interface Props {
  view: DiplomacyView;
  onChanged: () => Promise<void>;
  onError: (message: string) => void;
}

export function Votes({ view, onChanged, onError }: Props) {
  const { t, lang } = useT();
  const [asking, setAsking] = useState<Kind | null>(null);
  const mine = view.my_powers;
  const ballots = (kind: Kind) => (kind === 'draw' ? view.draw_votes : view.end_votes) ?? {};
  const voted = (kind: Kind) => mine.length > 0 && mine.every((p) => ballots(kind)[p]);
  const publicVotes = view.options?.votes === 'public';
  const voters = view.voters ?? [];
  const names = (powers: string[]) => listOf(lang, powers.map((p) => powerName(t, p)));
  // A draw is shared by the powers that still have units; the lot is drawn among them.
  const survivors = Object.keys(view.powers).filter((p) => (view.units[p] ?? []).length > 0);

  const cast = async (kind: Kind, yes: boolean) => {
    setAsking(null);
    try {
      for (const power of mine) await (kind === 'draw' ? api.voteDraw(view.id, power, yes) : api.voteEnd(view.id, power, yes));
      await onChanged();
    } catch (e) {
      onError((e as Error).message);
    }
  };

  // What a yes does: ends the game now when every other voter has said yes (known only
  // where votes are public, or when the user's powers are the only voters), else waits.
  // Computer-played powers vote by their position once someone has voted (the server's
  // diplomacy_bots::vote_on_end): the page says so, as it cannot know their answer.
  const consequence = (kind: Kind) => {
    const outcome = t(kind === 'draw' ? 'game.voteOutcomeDraw' : 'game.voteOutcomeLot', { powers: names(survivors) });
    const others = voters.filter((p) => !mine.includes(p));
    const computers = others.filter((p) => view.powers[p]?.computer);
    const people = others.filter((p) => !view.powers[p]?.computer);
    const waiting = others.filter((p) => !ballots(kind)[p]);
    if (others.length === 0 || (publicVotes && waiting.length === 0)) return t('game.voteEndsNow', { outcome });
    // Sentences follow one another with a space in English, with none after 。 in Chinese and Japanese.
    const gap = lang === 'en' ? ' ' : '';
    const first = computers.length > 0 ? t('game.voteComputers', { powers: names(computers) }) + gap : '';
    if (publicVotes) return first + t('game.votePublicWaits', { outcome, powers: names(waiting) });
    return first + t(people.length === 0 ? 'game.voteComputersWait' : 'game.voteSecretWaits', { outcome });
  };

  if (asking) {
    return (
      <Confirm action={`vote-${asking}`} question={t(asking === 'draw' ? 'game.voteDrawConfirm' : 'game.voteEndConfirm')}
        detail={consequence(asking)} yes={t(asking === 'draw' ? 'game.voteDraw' : 'game.voteEnd')}
        onYes={() => void cast(asking, true)} onNo={() => setAsking(null)} />
    );
  }
  const button = (kind: Kind) => (
    <button type="button" data-action={`vote-${kind}`} aria-pressed={voted(kind)} class={voted(kind) ? 'done' : ''}
      onClick={() => (voted(kind) ? void cast(kind, false) : setAsking(kind))}>
      {voted(kind) ? t(kind === 'draw' ? 'game.drawVoted' : 'game.endVoted') : t(kind === 'draw' ? 'game.voteDraw' : 'game.voteEnd')}
    </button>
  );
  if (mine.length === 0) return null;
  return (
    <div class="row votes">
      {button('draw')}{button('end')}
      <span class="muted">{voted('draw') || voted('end') ? t('game.drawVotedHelp') : t(publicVotes ? 'game.voteHelpPublic' : 'game.voteDrawHelp')}</span>
    </div>
  );
}

/** Where the game's votes are public, who has voted for each ending so far: in the game's
 * header, so that every player sees at once that a vote is pending. */
export function VoteTally({ view }: { view: DiplomacyView }) {
  const { t, lang } = useT();
  if (view.options?.votes !== 'public' || view.status !== 'active') return null;
  const voters = view.voters ?? [];
  return (
    <>
      {(['draw', 'end'] as const).map((kind) => {
        const yes = voters.filter((p) => ((kind === 'draw' ? view.draw_votes : view.end_votes) ?? {})[p]);
        if (yes.length === 0) return null;
        return (
          <strong key={kind} class="vote-tally" role="status" data-votes={kind} data-voted={yes.join(' ')}>
            {t(kind === 'draw' ? 'game.drawVotesSoFar' : 'game.endVotesSoFar',
              { powers: listOf(lang, yes.map((p) => powerName(t, p))), count: yes.length, total: voters.length })}
          </strong>
        );
      })}
    </>
  );
}
