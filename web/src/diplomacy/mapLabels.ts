// What the map writes, and where, for a zoom, a language and the units on the board: the
// province names (labels.ts places them), the coast markers' words, and the places of
// dislodged units beside the units that dislodged them, and a thin line from a name that
// had to go out of its province to its place. Names stay off units, centres, coast markers
// and each other. Pure, so that tests measure it.
import type { TFunction } from 'i18next';
import { coastMark, provinceName, provinceShort } from '../ui/i18n';
import { placeLabels, overlaps, type Box, type LabelInput } from './labels';
import { provinceOf, type Unit } from './board';
import { centreCodes, centrePoint, coastPoints, drawn, inProvince, locationPoint, mapSize, token, unitBox, unitScale, type Point } from './mapData';

// Names on screen: 12 px (13 px in Chinese and Japanese), a pixel less where the whole
// map is small (a phone), never less than 11 px; coast words 11 px.
export const labelPx = (lang: string, scale: number) => (scale < 0.6 ? 11 : 12) + (lang === 'en' ? 0 : 1);
export const coastPx = 11;
// A name this far (px) from its unit's place, out of its province, gets a line to it.
const kLeaderPx = 12;
/** The radius of a split coast's marker (map units). */
export const coastRadius = (scale: number) => Math.max(3, 5 / scale);

const codes = Object.keys(drawn);

/** Where a dislodged unit is drawn: beside the unit that dislodged it, where nothing else is. */
function dislodgedPoint(location: string, k: number, taken: Box[]): Point {
  const [x, y] = locationPoint(location);
  const w = token.unit.w * k;
  const h = token.unit.h * k;
  const offsets = [[w, -h * 0.6], [-w, -h * 0.6], [w, h * 0.6], [-w, h * 0.6], [0, -h * 1.1], [0, h * 1.1], [1.6 * w, 0], [-1.6 * w, 0]];
  for (const [dx, dy] of offsets) {
    const point: Point = [x + dx, y + dy];
    if (!taken.some((b) => overlaps(b, unitBox(point, k)))) return point;
  }
  return [x + offsets[0][0], y + offsets[0][1]];
}

/**
 * @param scale     screen pixels per map unit
 * @returns         the dislodged units' places, the names placed, their leader lines, the
 *                  coast words placed
 */
export function mapLabels(t: TFunction, lang: string, scale: number, units: Unit[], dislodged: Unit[]) {
  const k = unitScale(scale);
  const radius = coastRadius(scale);
  const taken: Box[] = [...units.map((u) => unitBox(locationPoint(u.location), k)),
    ...Object.values(coastPoints).map(([x, y]) => ({ x: x - radius, y: y - radius, w: 2 * radius, h: 2 * radius })),
    ...centreCodes.map((c) => { const [x, y] = centrePoint(c, k); const r = token.centre.r * k; return { x: x - r, y: y - r, w: 2 * r, h: 2 * r }; })];
  const dislodgedAt = new Map<Unit, Point>();
  for (const u of dislodged) {
    const point = dislodgedPoint(u.location, k, taken);
    dislodgedAt.set(u, point);
    taken.push(unitBox(point, k));
  }
  const occupied = new Set(units.map((u) => provinceOf(u.location)));
  const around = { w: (token.unit.w / 2) * k, h: (token.unit.h / 2) * k };
  const bounds = { x: 0, y: 0, w: mapSize.w, h: mapSize.h };
  // The coasts' words first, by their markers; then the names.
  const coastInputs: LabelInput[] = Object.entries(coastPoints).map(([loc, anchor]) => ({
    code: loc, texts: [coastMark(t, loc)], anchor, around, px: coastPx, area: 0,
  }));
  const coastWords = placeLabels(coastInputs, scale, taken, bounds);
  const px = labelPx(lang, scale);
  const nameInputs: LabelInput[] = codes.map((code) => ({
    code, texts: [provinceName(t, code), provinceShort(t, code)], anchor: locationPoint(code), around, px,
    empty: !occupied.has(code), area: drawn[code].area, inProvince: (x: number, y: number) => inProvince(code, x, y),
  }));
  const names = placeLabels(nameInputs, scale, [...taken, ...coastWords.map((l) => l.box)], bounds);
  // A name that had to go out of its province, away from its unit, points to it.
  const leaders = names.flatMap(({ code, box }) => {
    const [ax, ay] = locationPoint(code);
    const nx = Math.min(Math.max(ax, box.x), box.x + box.w);
    const ny = Math.min(Math.max(ay, box.y), box.y + box.h);
    const far = Math.hypot(ax - nx, ay - ny) * scale > kLeaderPx;
    return far && !inProvince(code, box.x + box.w / 2, box.y + box.h / 2) ? [{ code, from: [nx, ny] as Point, to: [ax, ay] as Point }] : [];
  });
  return { places: dislodgedAt, labels: names, leaders, coastLabels: new Map(coastWords.map((l) => [l.code, l])) };
}
