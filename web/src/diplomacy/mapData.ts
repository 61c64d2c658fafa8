// The drawn map (src/generated/map.json, made by scripts/gen-map.mjs) as the client reads
// it: province shapes, where each province's unit and split coasts' units stand, and how
// large a unit (with the centre marker beside it) may be drawn before two overlap.
import map from '../generated/map.json';
import { provinceOf, provinces } from './board';

export type Point = [number, number];
interface DrawnProvince { kind: string; unit: number[]; rings: number[][][]; area: number }

export const drawn = map.provinces as Record<string, DrawnProvince>;
export const coastPoints = map.coasts as unknown as Record<string, Point>;
export const mapSize = { w: map.width, h: map.height };
/** A unit's box and its centre marker's place and radius, in the units of the unit's
 * shapes (scaled by unitScale). */
export const token = map.token;

/** The supply centres, each drawn as a marker beside its province's unit. */
export const centreCodes = [...provinces.values()].filter((p) => p.centre).map((p) => p.code);

/** Where a unit at a location stands. */
export function locationPoint(location: string): Point {
  if (coastPoints[location]) return coastPoints[location];
  const [x, y] = drawn[provinceOf(location)].unit;
  return [x, y];
}

// A unit is drawn at least this wide on screen (its shapes span 16 units at factor 1),
// and never larger in map units than the layout keeps apart (map.unitScale).
const kUnitPx = 18;
export const unitScale = (scale: number) => Math.min(map.unitScale, Math.max(1.3, kUnitPx / (16 * scale)));

/** Where a province's supply centre marker is drawn, units drawn at factor k. */
export function centrePoint(code: string, k: number): Point {
  const [x, y] = drawn[code].unit;
  return [x + token.centre.dx * k, y + token.centre.dy * k];
}

export const unitBox = ([x, y]: Point, k: number) => ({
  x: x - (token.unit.w / 2) * k, y: y - (token.unit.h / 2) * k, w: token.unit.w * k, h: token.unit.h * k,
});

// Which province each cell of a grid over the map lies in (0: none), painted once from
// the shapes, row by row (even-odd, as the browser paints them).
const kCell = 2;
let grid: Uint8Array | null = null;
const columns = Math.ceil(map.width / kCell);
function provinceGrid() {
  if (grid) return grid;
  grid = new Uint8Array(columns * Math.ceil(map.height / kCell));
  const codes = Object.keys(drawn);
  for (let row = 0; row * kCell < map.height; row++) {
    const y = (row + 0.5) * kCell;
    codes.forEach((code, index) => {
      const xs: number[] = [];
      for (const ring of drawn[code].rings) {
        for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
          const [x1, y1] = ring[j];
          const [x2, y2] = ring[i];
          if ((y1 <= y) !== (y2 <= y)) xs.push(x1 + ((y - y1) * (x2 - x1)) / (y2 - y1));
        }
      }
      xs.sort((a, b) => a - b);
      for (let k = 0; k + 1 < xs.length; k += 2) {
        for (let c = Math.max(0, Math.ceil(xs[k] / kCell - 0.5)); c <= Math.min(columns - 1, Math.floor(xs[k + 1] / kCell - 0.5)); c++) grid![row * columns + c] = index + 1;
      }
    });
  }
  return grid;
}
const gridCodes = Object.keys(drawn);

/** Whether a point lies in a province's shape. */
export function inProvince(code: string, x: number, y: number) {
  if (x < 0 || y < 0 || x >= map.width || y >= map.height) return false;
  return gridCodes[provinceGrid()[Math.floor(y / kCell) * columns + Math.floor(x / kCell)] - 1] === code;
}
