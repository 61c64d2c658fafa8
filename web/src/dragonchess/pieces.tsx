// The project's own piece drawings: one symbol per piece on a disc in the side's colour,
// 20×20 units centred on the origin.
const symbols: Record<string, string> = {
  K: 'M-6,3 L-6,-3 L-3,0 L0,-5 L3,0 L6,-3 L6,3 Z',
  M: 'M0,-6 L1.8,-1.8 L6,-1.5 L2.7,1.2 L3.8,5.5 L0,3.2 L-3.8,5.5 L-2.7,1.2 L-6,-1.5 L-1.8,-1.8 Z',
  P: 'M-5,-5 L5,-5 L5,0 Q5,5 0,6.5 Q-5,5 -5,0 Z',
  C: 'M-1.5,-6 L1.5,-6 L1.5,-2 L5,-2 L5,1 L1.5,1 L1.5,6 L-1.5,6 L-1.5,1 L-5,1 L-5,-2 L-1.5,-2 Z',
  R: 'M-6,4 L-2,-1 L-5,-6 L0,-3 L5,-6 L2,-1 L6,4 L0,1.5 Z',
  G: 'M-6,2 Q-3,-6 0,-1 Q3,-6 6,2 L2,1 L0,5 L-2,1 Z',
  O: 'M-6,-2 Q-6,-6 -1,-6 L4,-6 Q6,-6 6,-3 L6,5 L3,5 L3,1 L-2,1 L-2,5 L-5,5 Z',
  H: 'M-5.6,-4.2 L-4.2,-5.6 L5.6,4.2 L4.2,5.6 Z M5.6,-4.2 L4.2,-5.6 L-5.6,4.2 L-4.2,5.6 Z M-6,-1 L-1,-6 L-2.5,-6.5 L-6.5,-2.5 Z M6,-1 L1,-6 L2.5,-6.5 L6.5,-2.5 Z',
  T: 'M-5,-1 Q0,-7 5,-1 L5,1 Q0,-3 -5,1 Z M-3,3 L3,3 L0,6 Z',
  E: 'M0,-6 Q4,-2 2,1 Q6,2 3,6 L-3,6 Q-6,2 -2,1 Q-4,-2 0,-6 Z',
  B: 'M-6,1 Q-3,-4 0,1 Q3,6 6,1 L6,3 Q3,8 0,3 Q-3,-2 -6,3 Z M4,-3 m-1.2,0 a1.2,1.2 0 1,0 2.4,0 a1.2,1.2 0 1,0 -2.4,0',
  U: 'M-4,6 L-4,0 Q-4,-4 0,-4 L5,-7 L2,-3 Q4,-1 4,2 L4,6 Z',
  D: 'M-5,6 L-5,-1 L-2,-5 L2,-5 L5,-1 L5,6 Z M-3,-1 L3,-1 L3,1 L-3,1 Z',
  S: 'M0,-6 Q6,-6 4,0 Q2,6 0,6 Q-2,6 -4,0 Q-6,-6 0,-6 Z M0,-3 L0,4',
  W: 'M-1,-6 L1,-6 L1,3 L3,3 L3,5 L-3,5 L-3,3 L-1,3 Z',
};

export function PieceGlyph({ letter, frozen }: { letter: string; frozen?: boolean }) {
  const gold = letter === letter.toUpperCase();
  const kind = letter.toUpperCase();
  return (
    <g class={`piece ${gold ? 'gold' : 'scarlet'}${frozen ? ' frozen' : ''}`}>
      <circle r={8.6} class="disc" />
      <path d={symbols[kind]} class="symbol" fill-rule="evenodd" />
    </g>
  );
}
