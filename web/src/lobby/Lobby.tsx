// The lobby: games still forming that the user can join, the user's own games (whose
// turn it is and the next deadline), and the create form.
import { useEffect, useState } from 'preact/hooks';
import { api, type GameSummary, type GameView, type User } from '../api';
import { navigate } from '../ui/navigate';
import { useT, gameName, gameResult, phaseName, durationWords } from '../ui/i18n';
import { Countdown } from '../ui/Countdown';
import { CreateGameForm } from './CreateGameForm';

function isMine(view: GameView | undefined, user: User) {
  if (!view) return false;
  if (view.game === 'diplomacy') {
    const joined = (view as { players?: { player: string }[] }).players ?? [];
    return view.my_powers.length > 0 || joined.some((j) => j.player === user.name);
  }
  return Boolean(view.my_side) || Object.values(view.players ?? {}).includes(user.name);
}

/** Press, deadlines and players of a Diplomacy game, as the lobby lists them. */
function Facts({ view }: { view: GameView | undefined }) {
  const { t, lang } = useT();
  if (!view || view.game !== 'diplomacy') return null;
  const options = (view as { options?: { press?: string; deadlines?: 'live' | { movement_seconds?: number }; players?: number } }).options;
  if (!options) return null;
  const deadlines = options.deadlines === 'live' ? t('lobby.factLive')
    : options.deadlines?.movement_seconds ? t('lobby.factPerMove', { duration: durationWords(lang, options.deadlines.movement_seconds) }) : '';
  return (
    <span class="facts muted" data-facts>
      {[t('lobby.factStandard'), options.players ? t('lobby.factPlayers', { count: options.players }) : '',
        options.press ? t(`lobby.press${options.press[0].toUpperCase()}${options.press.slice(1)}`) : '', deadlines].filter(Boolean).join(' · ')}
    </span>
  );
}

function myTurn(view: GameView | undefined) {
  if (!view || view.status !== 'active') return false;
  if (view.game === 'diplomacy') return view.my_powers.some((p) => !view.powers[p]?.ready && view.powers[p]?.status !== 'eliminated');
  return view.my_side === view.side_to_move;
}

export function Lobby({ user }: { user: User }) {
  const { t, lang } = useT();
  const [games, setGames] = useState<GameSummary[] | null>(null);
  const [views, setViews] = useState<Record<string, GameView>>({});
  const [error, setError] = useState('');

  const load = async () => {
    try {
      const list = await api.games();
      setGames(list);
      const details = await Promise.all(list.slice(0, 30).map((g) => api.game(g.id).catch(() => null)));
      setViews(Object.fromEntries(details.filter((v): v is GameView => v !== null).map((v) => [v.id, v])));
    } catch (e) {
      setError((e as Error).message);
    }
  };
  useEffect(() => { void load(); }, []);

  // Joining happens on the game's page, where the free powers are offered and the seat taken is confirmed.
  const join = (id: string) => navigate(`/games/${id}`);

  const mine = (games ?? []).filter((g) => isMine(views[g.id], user));
  const open = (games ?? []).filter((g) => g.status === 'forming' && !isMine(views[g.id], user));

  return (
    <div class="lobby">
      {error && <p class="error" role="alert">{error}</p>}
      <section class="card" aria-labelledby="my-games">
        <h2 id="my-games">{t('lobby.myGames')}</h2>
        {games === null ? <p class="muted">{t('app.loading')}</p> : mine.length === 0 ? <p class="muted">{t('lobby.noGames')}</p> : (
          <ul class="games">
            {mine.map((g) => {
              const view = views[g.id];
              return (
                <li key={g.id} data-game-id={g.id}>
                  <a href={`/games/${g.id}`} onClick={(e) => { e.preventDefault(); navigate(`/games/${g.id}`); }}>{gameName(t, g)}</a>
                  <span class="tag">{t(`lobby.${g.game}`)}</span>
                  <Facts view={view} />
                  <span class="muted">{t(`lobby.status_${g.status}`)}</span>
                  {view && view.status === 'finished' && <strong data-game-result>{gameResult(t, lang, view)}</strong>}
                  {view?.game === 'diplomacy' && view.status === 'active' && view.phase && <span>{phaseName(t, view.phase)}</span>}
                  {myTurn(view) ? <strong class="turn">{t('lobby.yourTurn')}</strong> : view?.status === 'active' && <span class="muted">{t('lobby.waiting')}</span>}
                  {view?.game === 'diplomacy' && view.deadline && <span>{t('lobby.deadline')} <Countdown deadline={view.deadline} /></span>}
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <section class="card" aria-labelledby="open-games">
        <h2 id="open-games">{t('lobby.openGames')}</h2>
        {games === null ? <p class="muted">{t('app.loading')}</p> : open.length === 0 ? <p class="muted">{t('lobby.noGames')}</p> : (
          <ul class="games">
            {open.map((g) => {
              const view = views[g.id];
              const seats = view?.game === 'diplomacy' ? (view as { seats?: { open: number; taken: number } }).seats : undefined;
              return (
                <li key={g.id} data-game-id={g.id}>
                  <a href={`/games/${g.id}`} onClick={(e) => { e.preventDefault(); navigate(`/games/${g.id}`); }}>{gameName(t, g)}</a>
                  <span class="tag">{t(`lobby.${g.game}`)}</span>
                  <Facts view={view} />
                  {seats && <span class="muted">{t('lobby.seats', { taken: seats.taken, total: seats.taken + seats.open })}</span>}
                  <button type="button" data-action="join-game" aria-label={`${t('lobby.join')}: ${gameName(t, g)}`} onClick={() => join(g.id)}>{t('lobby.join')}</button>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <CreateGameForm onCreated={(id) => navigate(`/games/${id}`)} />
    </div>
  );
}
