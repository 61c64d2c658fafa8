// Where the map's province names go, for the zoom at hand: every label the same size on
// screen (at least 11 px), the full name where it fits the province and clears what is
// already placed, else the three-letter code, else nothing (the province's tooltip and
// accessible name still say it). Nothing is placed over a unit, a supply centre or
// another label. Pure, so that tests measure it.

export interface Box { x: number; y: number; w: number; h: number }
export interface LabelInput {
  code: string;
  name: string;     // the full name in the reader's language
  anchor: [number, number];  // the province's label point (its unit stands there)
  area: number;     // in map units²
  sea: boolean;
}
export interface PlacedLabel { code: string; text: string; x: number; y: number; box: Box }

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

const overlaps = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/**
 * @param fontPx    the labels' size on screen
 * @param scale     screen pixels per map unit
 * @param obstacles boxes (map units) labels must not cover: units, centres
 * @param unitHalf  half a unit marker's height (map units): labels go just below or above it
 * @param bounds    the map's extent (map units): a label never crosses its edge, where it
 *                  would be cut off
 */
export function placeLabels(inputs: LabelInput[], fontPx: number, scale: number, obstacles: Box[], unitHalf: number,
                            bounds?: Box): PlacedLabel[] {
  const inside = (b: Box) => !bounds ||
    (b.x >= bounds.x && b.y >= bounds.y && b.x + b.w <= bounds.x + bounds.w && b.y + b.h <= bounds.y + bounds.h);
  const size = fontPx / scale;
  const placed: PlacedLabel[] = [];
  const taken: Box[] = [...obstacles];
  // Seas last (their names can go anywhere in open water); big provinces first.
  const order = [...inputs].sort((a, b) => Number(a.sea) - Number(b.sea) || b.area - a.area);
  for (const input of order) {
    const [ax, ay] = input.anchor;
    const fits = (text: string) => emWidth(text) * size * size * 1.6 < input.area;
    const texts = fits(input.name) ? [input.name, input.code] : [input.code];
    const gap = unitHalf + size * 0.15;
    const offsets = input.sea ? [0, size * 1.2, -size * 1.2] : [gap + size * 0.8, -(gap + size * 0.2), gap + size * 1.9];
    let done = false;
    // A name is kept a space's width from its neighbours, so that two never read as one
    // word; a three-letter code, the last resort, may come closer.
    const attempts = [...texts.map((text) => ({ text, pad: 0.4 })), { text: input.code, pad: 0.1 }];
    for (const { text, pad } of attempts) {
      const w = emWidth(text) * size;
      for (const dy of offsets) {
        const baseline = ay + dy;
        const box = { x: ax - w / 2, y: baseline - size * 0.85, w, h: size * 1.05 };
        const room = { x: box.x - size * pad, y: box.y, w: box.w + 2 * size * pad, h: box.h };
        if (!inside(box) || taken.some((t) => overlaps(t, room))) continue;
        placed.push({ code: input.code, text, x: ax, y: baseline, box });
        taken.push(room);
        done = true;
        break;
      }
      if (done) break;
    }
  }
  return placed;
}
