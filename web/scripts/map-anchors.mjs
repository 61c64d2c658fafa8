// Where units and supply centres stand on the drawn map, chosen once for every zoom: a
// province's unit stands deep inside it (at the point farthest from its edges), its centre
// marker just right of the unit, a split coast's unit by that coast; then, where two of
// these would overlap at the size units have at the smallest zoom (a phone's whole map),
// they are pushed apart, each staying inside its province. The client draws the unit and
// the marker at these points and scales them together, never beyond that size: so no two
// units, and no unit and centre, overlap at any zoom.
import { bounds, distanceToEdge, inside } from './map-geometry.mjs';

/** A unit's box and its centre marker's, in the units of the drawn shapes (the client
 * scales both by the same factor). The marker's centre is `centre` from the unit's. */
export const token = {
  unit: { w: 17.2, h: 12.4 },
  centre: { dx: 13.2, dy: 3, r: 3.4 },
};

const unitBox = ([x, y], k) => ({ x: x - (token.unit.w / 2) * k, y: y - (token.unit.h / 2) * k, w: token.unit.w * k, h: token.unit.h * k });
const centreBox = ([x, y], k) => {
  const { dx, dy, r } = token.centre;
  return { x: x + (dx - r) * k, y: y + (dy - r) * k, w: 2 * r * k, h: 2 * r * k };
};
// The area two boxes share, each grown by half the gap kept between them.
function shared(a, b, gap) {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x) + gap;
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y) + gap;
  return w > 0 && h > 0 ? w * h : 0;
}

/**
 * @param provinces { code: { rings, kind } } as drawn
 * @param coasts    { "STP/NC": [x, y] } a point by each split coast
 * @param centres   codes of the supply centres
 * @param k         the factor units are drawn at, at the smallest zoom
 * @returns         { units: { code: [x, y] }, coasts: { loc: [x, y] }, overlaps: places still overlapping }
 */
export function placeAnchors(provinces, coasts, centres, k, { gap = 1, step = 3, coastReach = 24 } = {}) {
  const centreSet = new Set(centres);
  // The points each place may take: inside its province, deep enough that the unit reads
  // as standing in it; a coast's within reach of its own point.
  const candidates = new Map();
  const add = (place, rings, near) => {
    const b = bounds(rings);
    const points = [];
    for (let x = b.x + step / 2; x < b.x + b.w; x += step) {
      for (let y = b.y + step / 2; y < b.y + b.h; y += step) {
        if (near && Math.hypot(x - near[0], y - near[1]) > coastReach) continue;
        if (inside([x, y], rings)) points.push({ p: [x, y], depth: distanceToEdge([x, y], rings) });
      }
    }
    const deepest = Math.max(...points.map((c) => c.depth));
    candidates.set(place, points.filter((c) => c.depth >= Math.min(deepest * 0.5, (token.unit.h / 2) * k)));
  };
  const places = [];
  for (const [code, p] of Object.entries(provinces)) {
    if (p.kind === 'impassable') continue;
    add(code, p.rings);
    places.push({ place: code, province: code, centre: centreSet.has(code) });
  }
  for (const [loc, point] of Object.entries(coasts)) {
    const province = loc.split('/')[0];
    add(loc, provinces[province].rings, point);
    places.push({ place: loc, province, centre: false });
  }
  const deepest = (place) => candidates.get(place).reduce((a, b) => (b.depth > a.depth ? b : a));
  const at = new Map(places.map(({ place }) => [place, deepest(place).p]));
  // Two places of one province never hold units at once (a unit stands in the province or
  // on one of its coasts); a province's centre marker is there whatever stands where.
  const boxesAt = (p, centre) => [{ box: unitBox(p, k), unit: true }, ...(centre ? [{ box: centreBox(p, k), unit: false }] : [])];
  const clash = (a, pa, b, pb) => {
    let total = 0;
    for (const x of boxesAt(pa, a.centre)) {
      for (const y of boxesAt(pb, b.centre)) if (!(a.province === b.province && x.unit && y.unit)) total += shared(x.box, y.box, gap);
    }
    return total;
  };
  const clashing = () => places.filter((a) => places.some((b) => b !== a && clash(a, at.get(a.place), b, at.get(b.place)) > 0));
  // Each place that clashes moves to the point of its province that clashes least, the
  // deepest among equals; smallest provinces first, until nothing clashes.
  for (let round = 0; round < 40; round++) {
    const moving = clashing().sort((a, b) => candidates.get(a.place).length - candidates.get(b.place).length);
    if (!moving.length) break;
    for (const a of moving) {
      const depth = deepest(a.place).depth;
      let best = null;
      for (const c of candidates.get(a.place)) {
        let cost = (depth - c.depth) / depth;
        for (const b of places) if (b !== a) cost += 1000 * clash(a, c.p, b, at.get(b.place));
        if (!best || cost < best.cost) best = { cost, p: c.p };
      }
      at.set(a.place, best.p);
    }
  }
  const overlaps = clashing().map(({ place }) => place);
  const units = {};
  const coastsOut = {};
  for (const { place } of places) (place.includes('/') ? coastsOut : units)[place] = at.get(place);
  return { units, coasts: coastsOut, overlaps };
}
