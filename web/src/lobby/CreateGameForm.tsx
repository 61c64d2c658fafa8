// The create form with presets people understand; "custom" shows every setting.
import { useState } from 'preact/hooks';
import { api, type NewGame } from '../api';
import { useT } from '../ui/i18n';

type Preset = 'live' | 'daily' | 'computer' | 'custom';

export function CreateGameForm({ onCreated }: { onCreated: (id: string) => void }) {
  const { t } = useT();
  const [game, setGame] = useState<'diplomacy' | 'dragonchess'>('diplomacy');
  const [preset, setPreset] = useState<Preset>('daily');
  const [opponent, setOpponent] = useState<'human' | 'computer'>('computer');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: Event) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget as HTMLFormElement);
    const num = (key: string, fallback: number) => {
      const value = Number(f.get(key));
      return Number.isFinite(value) && f.get(key) !== null && f.get(key) !== '' ? value : fallback;
    };
    const name = String(f.get('name') ?? '').trim() || t(`lobby.${game}`);
    let body: NewGame;
    if (game === 'diplomacy') {
      const hours = (key: string, fallback: number) => Math.round(num(key, fallback) * 3600);
      body = {
        game, name, variant: 'standard', rules: 'standard',
        players: num('players', 7),
        press: (f.get('press') as 'full' | 'public' | 'none') ?? 'full',
        deadlines: preset === 'live' ? 'live' : {
          movement_seconds: hours('movement_hours', 24), retreat_seconds: hours('retreat_hours', 12), adjustment_seconds: hours('adjustment_hours', 12),
        },
        computer_players: num('computer_players', preset === 'computer' ? 6 : 0),
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
    setBusy(true);
    setError('');
    try {
      onCreated((await api.createGame(body)).id);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const custom = preset === 'custom';
  return (
    <section class="card" aria-labelledby="create-game">
      <h2 id="create-game">{t('lobby.create')}</h2>
      <form class="create" onSubmit={submit}>
        <label>{t('lobby.gameName')}<input name="name" maxLength={80} placeholder={t(`lobby.${game}`)} /></label>
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
            <label>{t('lobby.computerPlayers')}
              <input key={`cp-${preset}`} name="computer_players" type="number" min={0} max={6} defaultValue={preset === 'computer' ? '6' : '0'} />
            </label>
            <label>{t('lobby.press')}
              <select name="press" key={`press-${preset}`} defaultValue={preset === 'computer' ? 'none' : 'full'}>
                <option value="full">{t('lobby.pressFull')}</option>
                <option value="public">{t('lobby.pressPublic')}</option>
                <option value="none">{t('lobby.pressNone')}</option>
              </select>
            </label>
            {custom && (
              <>
                <label>{t('lobby.players')}<input name="players" type="number" min={2} max={7} defaultValue="7" /></label>
                <label>{t('lobby.movementHours')}<input name="movement_hours" type="number" min={0.1} step="any" defaultValue="24" /></label>
                <label>{t('lobby.retreatHours')}<input name="retreat_hours" type="number" min={0.1} step="any" defaultValue="12" /></label>
                <label>{t('lobby.adjustmentHours')}<input name="adjustment_hours" type="number" min={0.1} step="any" defaultValue="12" /></label>
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
