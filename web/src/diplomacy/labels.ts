// Where the map's province names go, for the zoom at hand: every name the same size on
// screen; first every province gets its short name (the variant's, in the reader's
// script) beside the place of its unit, or a little farther off, in its province where
// there is room, the province with the fewest free places first; then the full names
// replace the short ones wherever they fit. Never on a unit, a supply centre, a coast
// marker or another name. Pure, so that tests measure it.

export interface Box { x: number; y: number; w: number; h: number }

export const overlaps = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

export interface LabelInput {
  code: string;
  /** What may be written, best first: the full name, then the short one. */
  texts: string[];
  /** Where the province's unit stands (map units); the name goes around it. */
  anchor: [number, number];
  /** Half the width and height of what stands at the anchor (map units), if anything. */
  around: { w: number; h: number };
  /** Whether nothing stands at the anchor: the name may go on it. */
  empty?: boolean;
  /** The name's size on screen (px). */
  px: number;
  /** The province's drawn area (map units²): larger provinces get their full names first. */
  area: number;
  /** Whether a point (map units) lies in the province, where a name far off should stay. */
  inProvince?: (x: number, y: number) => boolean;
}
export interface PlacedLabel { code: string; text: string; x: number; y: number; px: number; box: Box }

/** The width of `text` in ems, generously: CJK characters are square, Latin capitals
 * about two thirds of an em, small letters a little over half. */
export function emWidth(text: string) {
  return [...text].reduce((w, ch) => {
    if (ch.codePointAt(0)! >= 0x2e80) return w + 1;
    if (ch === ' ') return w + 0.3;
    if (/[A-Z]/.test(ch)) return w + 0.72;
    return w + 0.58;
  }, 0);
}

/**
 * @param inputs    the names to place (among provinces with as few free places, the first
 *                  chooses first)
 * @param scale     screen pixels per map unit
 * @param obstacles boxes (map units) names must not cover: units, centres, coast markers
 * @param bounds    the map's extent (map units): a name never crosses its edge
 * @param reach     how far (screen px) a name may be moved from its province's unit
 */
export function placeLabels(inputs: LabelInput[], scale: number, obstacles: Box[], bounds: Box, reach = 72): PlacedLabel[] {
  // A little in from the edge, where the glyphs' own margins would be cut off.
  const edge = 3 / scale;
  const inside = (b: Box) => b.x >= bounds.x + edge && b.y >= bounds.y + edge && b.x + b.w <= bounds.x + bounds.w - edge && b.y + b.h <= bounds.y + bounds.h - edge;
  const taken: Box[] = [...obstacles];
  const free = (b: Box, except?: Box) => inside(b) && !taken.some((t) => t !== except && overlaps(t, b));
  // Each name's spot: the box drawn and the room kept around it (a full name a space's
  // width from the next, so that two never read as one; a short name less).
  type Spot = { text: string; cx: number; cy: number; box: Box; room: Box; rank: number };
  const spot = (input: LabelInput, text: string, cx: number, cy: number, rank = 0): Spot => {
    const size = input.px / scale;
    const w = emWidth(text) * size;
    const pad = text === input.texts[0] ? 0.4 : 0.2;
    const box = { x: cx - w / 2, y: cy - size * 0.55, w, h: size * 1.05 };
    return { text, cx, cy, box, room: { x: box.x - size * pad, y: box.y, w: box.w + 2 * size * pad, h: box.h }, rank };
  };
  // Beside the unit's place: below it, above, on it where it is empty, right, left.
  const beside = (input: LabelInput, text: string): [number, number][] => {
    const size = input.px / scale;
    const gap = size * 0.15;
    const w = emWidth(text) * size;
    const { w: hw, h: hh } = input.around;
    const [ax, ay] = input.anchor;
    return [[0, hh + gap + size * 0.5], [0, -(hh + gap + size * 0.5)], ...(input.empty ? [[0, 0]] : []),
      [hw + gap + w / 2, 0], [-(hw + gap + w / 2), 0]].map(([dx, dy]) => [ax + dx, ay + dy]);
  };
  const outside = 1000;
  // Where each short name may go, best first: beside the unit's place, then on rings
  // farther off, those in the province before those outside it.
  const candidates = new Map<LabelInput, Spot[]>(inputs.map((input) => {
    const text = input.texts[input.texts.length - 1];
    const size = input.px / scale;
    const [ax, ay] = input.anchor;
    const near = beside(input, text).map(([x, y]) => spot(input, text, x, y, 0));
    const far: Spot[] = [];
    for (let r = size * 0.8, ring = 1; r <= reach / scale; r += size * 0.6, ring++) {
      for (let k = 0; k < 12; k++) {
        const angle = Math.PI / 2 + (k * Math.PI) / 6;
        const [x, y] = [ax + r * 1.6 * Math.cos(angle), ay + r * Math.sin(angle)];
        far.push(spot(input, text, x, y, ring + (input.inProvince && !input.inProvince(x, y) ? outside : 0)));
      }
    }
    far.sort((a, b) => a.rank - b.rank);
    return [input, [...near, ...far].filter((c) => free(c.room))];
  }));
  // Names far apart never compete for a place.
  const spread = (2 * reach) / scale;
  const neighbours = new Map(inputs.map((input) => [input, inputs.filter((other) => other !== input &&
    Math.abs(other.anchor[0] - input.anchor[0]) < spread && Math.abs(other.anchor[1] - input.anchor[1]) < spread)]));
  // First every province is named by its short name: the province with the fewest free
  // places goes first, at its best place, the one that takes fewest from its neighbours
  // among places as good...
  const spots = new Map<LabelInput, Spot>();
  const left = new Set(inputs);
  const scarcity = (input: LabelInput) => candidates.get(input)!.length;
  while (left.size) {
    let input = left.values().next().value!;
    for (const other of left) if (scarcity(other) < scarcity(input)) input = other;
    left.delete(input);
    // (A place may since have been taken by a name from beyond the neighbours.)
    const open = candidates.get(input)!.filter((c) => free(c.room));
    if (!open.length) continue;
    const near = neighbours.get(input)!.filter((other) => left.has(other));
    const cost = (c: Spot) => near.reduce((n, other) => n + candidates.get(other)!.filter((o) => overlaps(o.room, c.room)).length, 0);
    let chosen = open[0];
    let least = Infinity;
    for (const c of open) {
      if (c.rank !== open[0].rank) break;
      const n = cost(c);
      if (n < least) [chosen, least] = [c, n];
    }
    spots.set(input, chosen);
    taken.push(chosen.room);
    for (const other of near) candidates.set(other, candidates.get(other)!.filter((o) => !overlaps(o.room, chosen.room)));
  }
  // ... then the full names replace the short ones where they fit beside the unit's place,
  // the smallest provinces first (they have the fewest places to choose from).
  for (const input of [...spots.keys()].sort((a, b) => a.area - b.area)) {
    const current = spots.get(input)!;
    const full = input.texts[0];
    if (current.text === full) continue;
    for (const [cx, cy] of [[current.cx, current.cy] as [number, number], ...beside(input, full)]) {
      const s = spot(input, full, cx, cy);
      if (!free(s.room, current.room)) continue;
      taken[taken.indexOf(current.room)] = s.room;
      spots.set(input, s);
      break;
    }
  }
  const placed: PlacedLabel[] = [...spots.entries()].map(([input, s]) => ({
    code: input.code, text: s.text, x: s.cx, y: s.cy + (input.px / scale) * 0.35, px: input.px, box: s.box,
  }));
  return placed;
}
