// What a person sees of the Diplomacy map, measured on the screen: the boxes of the names
// (data-label), the units as drawn and as tapped, the supply centres and the coast
// markers, and the checks the map tests share (overlaps, coverage, the reader's script).

/** Waits until the names are placed for the zoom shown (they follow a zoom once it settles). */
export const settled = (page) => page.waitForFunction(() => {
  const svg = document.querySelector('svg.map');
  return svg && svg.getAttribute('data-zoom') === svg.getAttribute('data-labels-zoom');
});

/** Screen boxes of everything drawn on the map (CSS pixels). */
export const measureMap = async (page) => { await settled(page); return page.evaluate(() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height }; };
  const svg = document.querySelector('svg.map');
  const frame = box(svg);
  const union = (boxes) => {
    const x = Math.min(...boxes.map((b) => b.x));
    const y = Math.min(...boxes.map((b) => b.y));
    return { x, y, w: Math.max(...boxes.map((b) => b.x + b.w)) - x, h: Math.max(...boxes.map((b) => b.y + b.h)) - y };
  };
  return {
    frame,
    labels: [...svg.querySelectorAll('text[data-label]')].map((e) => ({
      code: e.getAttribute('data-label'), text: e.textContent,
      size: parseFloat(getComputedStyle(e).fontSize) * e.getScreenCTM().a, ...box(e),
    })),
    // A unit as drawn (its tap target, larger and invisible, aside), and as tapped.
    units: [...svg.querySelectorAll('[data-unit]')].map((e) => {
      const shapes = [...e.querySelectorAll('rect, path')].map(box);
      const tap = document.querySelector(`[data-unit-tap="${e.getAttribute('data-unit')}"]`) ?? e.querySelector('.tap');
      return { unit: e.getAttribute('data-unit'), ...union(shapes), tap: tap ? box(tap) : box(e) };
    }),
    centres: [...svg.querySelectorAll('[data-center]')].map((e) => ({ code: e.getAttribute('data-center'), ...box(e) })),
    // A coast marker: its circle and its word, each where it is drawn.
    coasts: [...svg.querySelectorAll('[data-location]')].map((e) => ({
      code: e.getAttribute('data-location'), text: e.querySelector('text')?.textContent ?? '',
      parts: [...e.querySelectorAll('circle, text')].map(box) })),
  };
}); };

// A label's glyph box is a little taller than its letters; a pixel of overlap is not a collision.
export const overlap = (a, b) => a.x + 1 < b.x + b.w && b.x + 1 < a.x + a.w && a.y + 2 < b.y + b.h && b.y + 2 < a.y + a.h;
const meets = (b, frame) => b.x < frame.x + frame.w && b.x + b.w > frame.x && b.y < frame.y + frame.h && b.y + b.h > frame.y;

/** Every collision on the map as a sentence: names on names, names on units, centres and
 * coast markers, units on units and on centres. */
export function collisions({ labels, units, centres, coasts }) {
  const found = [];
  for (let i = 0; i < labels.length; i++) {
    for (let j = i + 1; j < labels.length; j++) {
      if (overlap(labels[i], labels[j])) found.push(`"${labels[i].text}" on "${labels[j].text}"`);
    }
    for (const unit of units) if (overlap(labels[i], unit)) found.push(`"${labels[i].text}" under ${unit.unit}`);
    for (const centre of centres) if (overlap(labels[i], centre)) found.push(`"${labels[i].text}" on the centre of ${centre.code}`);
    for (const coast of coasts) if (coast.parts.some((part) => overlap(labels[i], part))) found.push(`"${labels[i].text}" on the marker of ${coast.code}`);
  }
  for (let i = 0; i < units.length; i++) {
    for (let j = i + 1; j < units.length; j++) if (overlap(units[i], units[j])) found.push(`${units[i].unit} on ${units[j].unit}`);
    for (const centre of centres) if (overlap(units[i], centre)) found.push(`${units[i].unit} on the centre of ${centre.code}`);
  }
  return found;
}

const cjk = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
/** Names (and coast markers) with no character of the reader's script on a Chinese or Japanese page. */
export const latinOnly = ({ labels, coasts }, language) =>
  language === 'en' ? [] : [...labels, ...coasts].filter((l) => !cjk.test(l.text)).map((l) => `${l.code}: "${l.text}"`);

/** The provinces whose unit's place lies in view (a finger's width in from its edges) but
 * have no name there. */
export async function unnamedInView(page, measured) {
  const inView = await page.evaluate(() => {
    const svg = document.querySelector('svg.map');
    const frame = svg.getBoundingClientRect();
    return [...svg.querySelectorAll('[data-province]')].filter((e) => {
      const point = svg.createSVGPoint();
      const [x, y] = (e.getAttribute('data-anchor') ?? '').split(',').map(Number);
      point.x = x;
      point.y = y;
      const screen = point.matrixTransform(svg.getScreenCTM());
      const margin = 24;
      return screen.x >= frame.x + margin && screen.x <= frame.right - margin && screen.y >= frame.y + margin && screen.y <= frame.bottom - margin;
    }).map((e) => e.getAttribute('data-province'));
  });
  const named = new Set(measured.labels.filter((l) => meets(l, measured.frame)).map((l) => l.code));
  return inView.filter((code) => !named.has(code));
}
