// The create form with presets people understand; "custom" shows every setting. The
// number of players picks the seed's setup for fewer than seven (seed 000 §1.2.3), with
// the choice of two sharings for three players; the seats are previewed in words.
import { useState } from 'preact/hooks';
import { api, type NewGame } from '../api';
import { listOf, powerName, useT } from '../ui/i18n';
import { formProblem } from '../ui/formCheck';

type Preset = 'live' | 'daily' | 'computer' | 'custom';
type ThreePlayerSetup = '3a' | '3b';

// A preview of seed 000 §1.2.3 (the engine's setups decide; the game page shows the
// server's seats): the seats, and the powers in armistice, per number of players.
const setups: Record<string, { seats: string[][]; armistice?: string[] }> = {
  7: { seats: [['AUSTRIA'], ['ENGLAND'], ['FRANCE'], ['GERMANY'], ['ITALY'], ['RUSSIA'], ['TURKEY']] },
  6: { seats: [['AUSTRIA'], ['ENGLAND'], ['FRANCE'], ['GERMANY'], ['RUSSIA'], ['TURKEY']], armistice: ['ITALY'] },
  5: { seats: [['AUSTRIA'], ['ENGLAND'], ['FRANCE'], ['RUSSIA'], ['TURKEY']], armistice: ['GERMANY', 'ITALY'] },
  4: { seats: [['ENGLAND'], ['AUSTRIA', 'FRANCE'], ['GERMANY', 'TURKEY'], ['ITALY', 'RUSSIA']] },
  '3a': { seats: [['RUSSIA'], ['ENGLAND', 'FRANCE', 'GERMANY'], ['AUSTRIA', 'ITALY', 'TURKEY']] },
  '3b': { seats: [['AUSTRIA', 'ENGLAND', 'GERMANY'], ['ITALY', 'RUSSIA'], ['FRANCE', 'TURKEY']] },
  2: { seats: [['ENGLAND', 'FRANCE', 'RUSSIA'], ['AUSTRIA', 'GERMANY', 'TURKEY']] },
};

export function CreateGameForm({ onCreated }: { onCreated: (id: string) => void }) {
  const { t, lang } = useT();
  const [game, setGame] = useState<'diplomacy' | 'dragonchess'>('diplomacy');
  const [preset, setPreset] = useState<Preset>('daily');
  const [players, setPlayers] = useState(7);
  const [threePlayerSetup, setThreePlayerSetup] = useState<ThreePlayerSetup>('3a');
  const [opponent, setOpponent] = useState<'human' | 'computer'>('computer');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: Event) => {
    e.preventDefault();
    const problem = formProblem(t, e.currentTarget as HTMLFormElement);
    if (problem) return setError(problem);
    const f = new FormData(e.currentTarget as HTMLFormElement);
    const num = (key: string, fallback: number) => {
      const value = Number(f.get(key));
      return Number.isFinite(value) && f.get(key) !== null && f.get(key) !== '' ? value : fallback;
    };
    const name = String(f.get('name') ?? '').trim() || t(`lobby.${game}`);
    let body: NewGame;
    if (game === 'diplomacy') {
      const hours = (key: string, fallback: number) => Math.round(num(key, fallback) * 3600);
      const endYear = num('end_year', 0);
      body = {
        game, name, variant: 'standard', rules: 'standard',
        players,
        ...(players === 3 ? { setup: threePlayerSetup } : {}),
        press: (f.get('press') as 'full' | 'public' | 'none') ?? 'full',
        deadlines: preset === 'live' ? 'live' : {
          movement_seconds: hours('movement_hours', 24), retreat_seconds: hours('retreat_hours', 12), adjustment_seconds: hours('adjustment_hours', 12),
        },
        computer_players: num('computer_players', preset === 'computer' ? players - 1 : 0),
        ...(preset === 'custom' || preset === 'computer' ? { computers_propose: f.get('computers_propose') === 'on' } : {}),
        ...(endYear > 0 ? { end_year: endYear } : {}),
        ...(preset === 'custom' ? {
          civil_disorder_after: num('civil_disorder_after', 2),
          computer_takes_civil_disorder: f.get('computer_takes_civil_disorder') === 'on',
          computer_personality: (f.get('computer_personality') as 'loyal' | 'opportunist' | 'mixed') ?? 'loyal',
          votes: (f.get('votes') as 'secret' | 'public') ?? 'secret',
          ...(players >= 5 ? { daide_players: num('daide_players', 0) } : {}),
        } : {}),
      };
    } else {
      const minutes = num('clock_minutes', 0);
      body = {
        game, name, opponent,
        ...(opponent === 'computer' ? { level: num('level', 3) } : {}),
        side: (f.get('side') as 'gold' | 'scarlet') ?? 'gold',
        ...(minutes > 0 ? { clock: { initial_seconds: minutes * 60, increment_seconds: num('increment_seconds', 0) } } : {}),
      };
    }
    // The creator sits down at once, at the seat chosen here (or one drawn at random).
    const seat = game === 'diplomacy' ? String(f.get('my_power') ?? '') : '';
    setBusy(true);
    setError('');
    try {
      const created = await api.createGame(body);
      if (game === 'diplomacy') await api.join(created.id, seat || undefined);
      onCreated(created.id);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const custom = preset === 'custom';
  const setup = setups[players === 3 ? threePlayerSetup : players] ?? setups[7];
  const powersText = (powers: string[]) => listOf(lang, powers.map((p) => powerName(t, p)));
  return (
    <section class="card" aria-labelledby="create-game">
      <h2 id="create-game">{t('lobby.create')}</h2>
      <form class="create" onSubmit={submit} noValidate>
        <label>{t('lobby.gameName')}<input name="name" maxLength={80} placeholder={t(`lobby.${game}`)} aria-describedby="game-name-hint" /></label>
        <p class="hint muted" id="game-name-hint">{t('lobby.gameNameHint')}</p>
        <label>{t('lobby.gameKind')}
          <select name="game" value={game} onChange={(e) => setGame((e.target as HTMLSelectElement).value as 'diplomacy' | 'dragonchess')}>
            <option value="diplomacy">{t('lobby.diplomacy')}</option>
            <option value="dragonchess">{t('lobby.dragonchess')}</option>
          </select>
        </label>
        {game === 'diplomacy' ? (
          <>
            <label>{t('lobby.preset')}
              <select name="preset" value={preset} onChange={(e) => setPreset((e.target as HTMLSelectElement).value as Preset)}>
                <option value="live">{t('lobby.presetLive')}</option>
                <option value="daily">{t('lobby.presetDaily')}</option>
                <option value="computer">{t('lobby.presetComputer')}</option>
                <option value="custom">{t('lobby.presetCustom')}</option>
              </select>
            </label>
            <label>{t('lobby.players')}
              <select name="players" value={players} onChange={(e) => setPlayers(Number((e.target as HTMLSelectElement).value))}>
                {[7, 6, 5, 4, 3, 2].map((n) => <option key={n} value={n}>{n}</option>)}
              </select>
            </label>
            {players === 3 && (
              <label>{t('lobby.setup')}
                <select name="setup" value={threePlayerSetup} onChange={(e) => setThreePlayerSetup((e.target as HTMLSelectElement).value as ThreePlayerSetup)}>
                  {(['3a', '3b'] as const).map((code) => (
                    <option key={code} value={code}>{setups[code].seats.map(powersText).join(' / ')}</option>
                  ))}
                </select>
              </label>
            )}
            <label>{t('lobby.mySeat')}
              <select name="my_power" key={`seat-${players}-${threePlayerSetup}`}>
                <option value="">{t('lobby.randomSeat')}</option>
                {setup.seats.map((seat) => <option key={seat[0]} value={seat[0]}>{powersText(seat)}</option>)}
              </select>
            </label>
            <label>{t('lobby.computerPlayers')}
              <input key={`cp-${preset}-${players}`} name="computer_players" type="number" min={0} max={players - 1} defaultValue={preset === 'computer' ? String(players - 1) : '0'} />
            </label>
            <label>{t('lobby.press')}
              <select name="press" key={`press-${preset}`} defaultValue={preset === 'computer' ? 'none' : 'full'}>
                <option value="full">{t('lobby.pressFull')}</option>
                <option value="public">{t('lobby.pressPublic')}</option>
                <option value="none">{t('lobby.pressNone')}</option>
              </select>
            </label>
            {(preset === 'computer' || custom) && (
              <label class="check"><input name="computers_propose" type="checkbox" /> {t('lobby.computersPropose')}</label>
            )}
            {players < 7 && (
              <div class="setup-preview" data-setup-preview={players === 3 ? threePlayerSetup : String(players)}>
                <span>{t('lobby.seatList')}</span>
                <ol>{setup.seats.map((seat) => <li key={seat.join('+')} data-seat={seat.join('+')}>{powersText(seat)}</li>)}</ol>
                {setup.armistice && <p class="muted">{t('lobby.armistice', { powers: powersText(setup.armistice) })}</p>}
                {players === 2 && <p class="muted">{t('lobby.twoPlayerNote', { italy: powerName(t, 'ITALY') })}</p>}
              </div>
            )}
            {custom && (
              <>
                <label>{t('lobby.movementHours')}<input name="movement_hours" type="number" min={0.1} step="any" defaultValue="24" /></label>
                <label>{t('lobby.retreatHours')}<input name="retreat_hours" type="number" min={0.1} step="any" defaultValue="12" /></label>
                <label>{t('lobby.adjustmentHours')}<input name="adjustment_hours" type="number" min={0.1} step="any" defaultValue="12" /></label>
                <label>{t('lobby.endYear')}<input name="end_year" type="number" min={players === 2 ? 1914 : 1901} max={3000} placeholder={t('lobby.endYearNone')} /></label>
                <label>{t('lobby.civilDisorderAfter')}<input name="civil_disorder_after" type="number" min={1} max={10} defaultValue="2" /></label>
                <label class="check"><input name="computer_takes_civil_disorder" type="checkbox" /> {t('lobby.computerTakesCivilDisorder')}</label>
                <label>{t('lobby.computerPersonality')}
                  <select name="computer_personality" defaultValue="loyal">
                    {(['loyal', 'opportunist', 'mixed'] as const).map((k) => <option key={k} value={k}>{t(`lobby.personality_${k}`)}</option>)}
                  </select>
                </label>
                <label>{t('lobby.votes')}
                  <select name="votes" defaultValue="secret">
                    <option value="secret">{t('lobby.votesSecret')}</option>
                    <option value="public">{t('lobby.votesPublic')}</option>
                  </select>
                </label>
                {/* DAIDE gives a client one power: only setups of one power a seat. */}
                {players >= 5 && (
                  <label class="explained">{t('lobby.daidePlayers')}
                    <input name="daide_players" type="number" min={0} max={players - 1} defaultValue="0" />
                    <span class="muted">{t('lobby.daidePlayersHelp')}</span>
                  </label>
                )}
              </>
            )}
          </>
        ) : (
          <>
            <label>{t('lobby.opponent')}
              <select name="opponent" value={opponent} onChange={(e) => setOpponent((e.target as HTMLSelectElement).value as 'human' | 'computer')}>
                <option value="computer">{t('lobby.opponentComputer')}</option>
                <option value="human">{t('lobby.opponentHuman')}</option>
              </select>
            </label>
            <label>{t('lobby.level')}<input name="level" type="number" min={1} max={10} defaultValue="3" disabled={opponent !== 'computer'} /></label>
            <label>{t('lobby.side')}
              <select name="side" defaultValue="gold">
                <option value="gold">{t('lobby.gold')}</option>
                <option value="scarlet">{t('lobby.scarlet')}</option>
              </select>
            </label>
            <label>{t('lobby.clockMinutes')}<input name="clock_minutes" type="number" min={0} defaultValue="0" /></label>
            <label>{t('lobby.incrementSeconds')}<input name="increment_seconds" type="number" min={0} defaultValue="0" /></label>
          </>
        )}
        {error && <p class="error" role="alert">{error}</p>}
        <button type="submit" class="primary" data-action="create-game" disabled={busy}>{t('lobby.createGame')}</button>
      </form>
    </section>
  );
}
