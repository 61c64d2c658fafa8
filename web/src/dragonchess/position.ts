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
