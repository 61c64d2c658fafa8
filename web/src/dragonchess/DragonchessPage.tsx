// A Dragonchess game: the three 12×8 boards (side by side, stacked on small screens, and
// on a phone all three on its first screen with the clocks),
// click a piece to see its legal moves (data-target), click a target to move; frozen
// pieces, the last move, the move list, clocks, check and the end of the game.
import { useEffect, useMemo, useState } from 'preact/hooks';
import { api, type DragonchessView, type User } from '../api';
import { useT, gameName, gameResult, pointing } from '../ui/i18n';
import { formatDuration } from '../ui/Countdown';
import { useGameEvents } from '../game/events';
import { capturedPieces, files, isFrozen, parseMove, parsePosition, sideOf, type Board } from './position';
import { PieceGlyph } from './pieces';
import { Confirm } from '../ui/Confirm';

const boards: { n: Board; key: 'dc.sky' | 'dc.ground' | 'dc.underworld' }[] = [
  { n: 1, key: 'dc.sky' }, { n: 2, key: 'dc.ground' }, { n: 3, key: 'dc.underworld' },
];
const size = 20;

export function DragonchessPage({ initial }: { initial: DragonchessView; user: User }) {
  const { t, lang } = useT();
  const [view, setView] = useState(initial);
  const [selected, setSelected] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  // Resigning ends the game: the page asks first.
  const [confirmResign, setConfirmResign] = useState(false);
  const [now, setNow] = useState(Date.now());
  const [loadedAt, setLoadedAt] = useState(Date.now());
  const id = view.id;

  const reload = async () => {
    setView((await api.game(id)) as DragonchessView);
    setLoadedAt(Date.now());
  };
  const connected = useGameEvents(id, () => { void reload(); });
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  const pieces = useMemo(() => parsePosition(view.position), [view.position]);
  // A move made (by either side) ends any selection.
  useEffect(() => setSelected(null), [view.position]);
  const captured = useMemo(() => capturedPieces(view.position, view.moves), [view.position, view.moves]);
  const pieceName = (letter: string) => t(`dc.piece_${letter.toUpperCase()}`);
  /** "Warrior 2e2 → 2e3", "Dragon 1c5 × 2c5 (from afar)", "… = Hero". */
  const readable = (text: string) => {
    const m = parseMove(text);
    if (!m) return text;
    const verb = m.kind === '-' ? '→' : '×';
    return `${pieceName(m.piece)} ${m.from} ${verb} ${m.to}${m.kind === '*' ? ` (${t('dc.fromAfar')})` : ''}${m.promotion ? ` = ${pieceName('H')}` : ''}`;
  };
  const pairs = Array.from({ length: Math.ceil(view.moves.length / 2) }, (_, i) => view.moves.slice(2 * i, 2 * i + 2));
  const legal = useMemo(() => view.legal_moves.map(parseMove).filter((m) => m !== null), [view.legal_moves]);
  const myTurn = view.status === 'active' && view.my_side === view.side_to_move;
  const targets = selected ? legal.filter((m) => m.from === selected) : [];
  const last = view.moves.length ? parseMove(view.moves[view.moves.length - 1]) : null;
  const sideName = (side: string) => t(side === 'gold' ? 'lobby.gold' : 'lobby.scarlet');

  const play = async (move: string) => {
    setBusy(true);
    try {
      setView(await api.move(id, move));
      setLoadedAt(Date.now());
      setSelected(null);
      setError('');
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const clickSquare = (square: string) => {
    if (!myTurn || busy) return;
    const move = targets.find((m) => m.to === square);
    if (move) { void play(move.text); return; }
    // A piece clicked again is put down.
    const piece = pieces.get(square);
    setSelected(square !== selected && piece && sideOf(piece) === view.my_side && legal.some((m) => m.from === square) ? square : null);
  };

  const clock = (side: 'gold' | 'scarlet') => {
    if (!view.clocks) return null;
    const running = view.status === 'active' && view.side_to_move === side;
    const left = view.clocks[side] * 1000 - (running ? now - loadedAt : 0);
    return <span class={`clock${running ? ' running' : ''}`} data-clock={side}>{sideName(side)} {formatDuration(left)}</span>;
  };

  const resultText = view.result ? gameResult(t, lang, view) : null;

  const act = async (action: () => Promise<unknown>) => {
    try { await action(); await reload(); } catch (e) { setError((e as Error).message); }
  };

  return (
    <div class="dragonchess" data-status={view.status} data-side-to-move={view.side_to_move} data-my-side={view.my_side ?? ''}>
      <div class="game-head">
        <h1>{gameName(t, view)}</h1>
        {view.my_side && <span>{t('dc.youAre', { side: sideName(view.my_side) })}</span>}
        {view.status === 'active' && <strong class={myTurn ? 'turn' : ''}>{t('dc.toMove', { side: sideName(view.side_to_move) })}</strong>}
        {view.status === 'active' && view.in_check && <strong class="check" role="status" data-check={view.side_to_move}>{t('dc.check')}</strong>}
        {resultText && <strong class="result" role="status" data-result-text>{resultText}</strong>}
        {clock('gold')}{clock('scarlet')}
        {!connected && <span class="error">{t('app.offline')}</span>}
      </div>
      {error && <p class="error" role="alert">{error}</p>}
      <p class="muted prompt" aria-live="polite">{!myTurn ? '' : selected && pieces.get(selected)
        ? t('dc.pickedPiece', { piece: pieceName(pieces.get(selected)!), square: selected, context: pointing() })
        : t('dc.selectPiece', { context: pointing() })}</p>
      <div class="dc-boards">
        {boards.map(({ n, key }) => (
          <figure class="dc-board" key={n}>
            <figcaption>{t(key)}</figcaption>
            <svg viewBox={`-12 -2 ${12 * size + 14} ${8 * size + 14}`} role="grid" aria-label={t('dc.board', { board: t(key) })}>
              {Array.from({ length: 8 }, (_, r) => 8 - r).map((rank) => (
                <g role="row" key={rank}>
                  <text x={-6} y={(8 - rank) * size + 14} class="coord">{rank}</text>
                  {[...files].map((file, f) => {
                    const square = `${n}${file}${rank}`;
                    const piece = pieces.get(square);
                    const target = targets.find((m) => m.to === square);
                    const frozen = isFrozen(pieces, square);
                    const lastMove = last && (last.from === square || last.to === square);
                    const label = `${square}${piece ? ` ${sideName(sideOf(piece))} ${t(`dc.piece_${piece.toUpperCase()}`)}` : ''}${frozen ? ` (${t('dc.frozen')})` : ''}`;
                    return (
                      <g key={square} role="gridcell" aria-label={label} tabindex={piece || target ? 0 : -1}
                        data-square={square} data-piece={piece} data-target={target ? target.kind : undefined}
                        data-last-move={lastMove ? 'true' : undefined} data-frozen={frozen ? 'true' : undefined}
                        class={`square ${(f + rank) % 2 ? 'light' : 'dark'} board${n}${selected === square ? ' selected' : ''}`}
                        transform={`translate(${f * size},${(8 - rank) * size})`}
                        onClick={() => clickSquare(square)}
                        onKeyDown={(e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); clickSquare(square); } }}>
                        <title>{label}</title>
                        <rect width={size} height={size} />
                        {lastMove && <rect width={size} height={size} class="last" />}
                        {piece && <g transform={`translate(${size / 2},${size / 2})`}><PieceGlyph letter={piece} frozen={frozen} /></g>}
                        {target && <circle cx={size / 2} cy={size / 2} r={target.kind === '-' ? 4.5 : 9} class={`target ${target.kind === '-' ? 'move' : 'capture'}`} />}
                      </g>
                    );
                  })}
                </g>
              ))}
              {[...files].map((file, f) => <text key={file} x={f * size + size / 2} y={8 * size + 10} class="coord">{file}</text>)}
            </svg>
          </figure>
        ))}
      </div>
      <div class="dc-side">
        <section class="card">
          <h3>{t('dc.moves')}</h3>
          <ol class="moves">
            {pairs.map((pair, n) => (
              <li key={n} class="move-pair">
                {pair.map((m, k) => (
                  <span key={k} data-move={m} title={m} class={`move ${k === 0 ? 'gold' : 'scarlet'}${2 * n + k === view.moves.length - 1 ? ' last' : ''}`}>{readable(m)}</span>
                ))}
              </li>
            ))}
          </ol>
        </section>
        <section class="card" aria-labelledby="captured">
          <h3 id="captured">{t('dc.captured')}</h3>
          {(['gold', 'scarlet'] as const).map((side) => {
            const lost = [...captured].filter(([letter]) => sideOf(letter) === side);
            return (
              <p key={side} class="captured" data-captured={side}>
                <span>{t('dc.lostBy', { side: sideName(side) })}</span>
                {lost.length === 0 ? <span class="muted"> {t('dc.none')}</span> : lost.map(([letter, n]) => (
                  <span key={letter} class="captured-piece" data-captured-piece={letter} title={pieceName(letter)}>
                    <svg viewBox="-10 -10 20 20" width="22" height="22" aria-hidden="true"><PieceGlyph letter={letter} frozen={false} /></svg>
                    {n > 1 ? `×${n}` : ''}<span class="visually-hidden">{pieceName(letter)}</span>
                  </span>
                ))}
              </p>
            );
          })}
        </section>
        <details class="card legend">
          <summary>{t('dc.legend')}</summary>
          <ul>
            {['K', 'M', 'P', 'C', 'R', 'G', 'O', 'H', 'T', 'E', 'B', 'U', 'D', 'S', 'W'].map((letter) => (
              <li key={letter} data-legend={letter}>
                <svg viewBox="-10 -10 20 20" width="24" height="24" aria-hidden="true"><PieceGlyph letter={letter} frozen={false} /></svg>
                {pieceName(letter)}
              </li>
            ))}
          </ul>
        </details>
        {view.status === 'active' && view.my_side && (
          confirmResign ? (
            <Confirm action="resign" question={t('dc.resignConfirm', { winner: sideName(view.my_side === 'gold' ? 'scarlet' : 'gold') })}
              yes={t('dc.resign')} onYes={() => { setConfirmResign(false); void act(() => api.resign(id)); }} onNo={() => setConfirmResign(false)} />
          ) : <div class="row">
            <button type="button" data-action="resign" onClick={() => setConfirmResign(true)}>{t('dc.resign')}</button>
            {view.draw_offer && view.draw_offer !== view.my_side ? (
              <>
                <button type="button" data-action="accept-draw" onClick={() => act(() => api.draw(id, 'accept'))}>{t('dc.acceptDraw')}</button>
                <button type="button" data-action="decline-draw" onClick={() => act(() => api.draw(id, 'decline'))}>{t('dc.declineDraw')}</button>
              </>
            ) : (
              <button type="button" data-action="offer-draw" disabled={view.draw_offer === view.my_side} onClick={() => act(() => api.draw(id, 'offer'))}>{t('dc.offerDraw')}</button>
            )}
          </div>
        )}
        {view.status === 'forming' && !view.my_side && (
          <button type="button" class="primary" data-action="join-game" onClick={() => act(() => api.join(id))}>{t('lobby.join')}</button>
        )}
      </div>
    </div>
  );
}
