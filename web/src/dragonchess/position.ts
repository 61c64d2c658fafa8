// The position text and move notation of ../shared/contracts/dragonchess-cli.md.
export const files = 'abcdefghijkl';
export type Board = 1 | 2 | 3;

/** Square ("2e2") → piece letter, for every occupied square. */
export function parsePosition(text: string): Map<string, string> {
  const pieces = new Map<string, string>();
  const boards = text.split(' ')[0].split('|');
  boards.forEach((boardText, b) => {
    boardText.split('/').forEach((rankText, r) => {
      const rank = 8 - r;
      let file = 0;
      for (const m of rankText.matchAll(/(\d+)|([A-Za-z])/g)) {
        if (m[1]) file += Number(m[1]);
        else { pieces.set(`${b + 1}${files[file]}${rank}`, m[2]); file += 1; }
      }
    });
  });
  return pieces;
}

export interface ParsedMove { text: string; piece: string; from: string; kind: '-' | 'x' | '*'; to: string; promotion: boolean }
export function parseMove(text: string): ParsedMove | null {
  const m = /^([A-Z])(\d[a-l]\d)([-x*])(\d[a-l]\d)(=H)?$/.exec(text);
  return m ? { text, piece: m[1], from: m[2], kind: m[3] as '-' | 'x' | '*', to: m[4], promotion: Boolean(m[5]) } : null;
}

export const sideOf = (letter: string) => (letter === letter.toUpperCase() ? 'gold' : 'scarlet');

/** A piece on the Ground board above an enemy Basilisk is frozen. */
export function isFrozen(pieces: Map<string, string>, square: string) {
  const piece = pieces.get(square);
  if (!piece || square[0] !== '2') return false;
  const below = pieces.get(`3${square.slice(1)}`);
  return below !== undefined && below.toUpperCase() === 'B' && sideOf(below) !== sideOf(piece);
}

/** The start position (the contract's `startpos`). */
export const startPosition =
  '2g3r3g1/s1s1s1s1s1s1/12/12/12/12/S1S1S1S1S1S1/2G3R3G1|ouhtcmkpthuo/wwwwwwwwwwww/12/12/12/12/WWWWWWWWWWWW/OUHTCMKPTHUO|2b3e3b1/1d1d1d1d1d1d/12/12/12/12/1D1D1D1D1D1D/2B3E3B1 g 0 1';

/** The pieces each side has lost, by letter (as the position writes them), from the start
 * position, the position now and the moves played (a Warrior promoted to a Hero is no loss). */
export function capturedPieces(position: string, moves: string[]): Map<string, number> {
  const count = (text: string) => {
    const out = new Map<string, number>();
    for (const piece of parsePosition(text).values()) out.set(piece, (out.get(piece) ?? 0) + 1);
    return out;
  };
  const before = count(startPosition);
  const now = count(position);
  moves.forEach((move, i) => {
    if (!move.endsWith('=H')) return;
    const gold = i % 2 === 0;
    const [warrior, hero] = gold ? ['W', 'H'] : ['w', 'h'];
    before.set(warrior, (before.get(warrior) ?? 0) - 1);
    before.set(hero, (before.get(hero) ?? 0) + 1);
  });
  const lost = new Map<string, number>();
  for (const [piece, n] of before) {
    const gone = n - (now.get(piece) ?? 0);
    if (gone > 0) lost.set(piece, gone);
  }
  return lost;
}
