// The board's distortion: on the map as projected, Britain, the Low Countries, Italy and
// the Balkans are a tenth of the size of Russia's provinces, so on a phone a unit and a
// name do not fit in them. As the printed board does, the drawing is stretched where
// provinces are small and squeezed where they are large, towards more even areas: a
// rubber sheet (Dougenik, Chrisman and Niemeyer's cartogram, 1985) pulled by each
// province towards a target area, applied to a grid over the map and carried to every
// point by bilinear interpolation. Every grid cell stays a convex quadrilateral turned the
// same way, so the warp never folds the map onto itself: whatever touched still touches,
// and nothing new does.
import { areaAndCentroid } from './map-geometry.mjs';

/**
 * A warp of the rectangle [0, width] × [0, height].
 * @param shapes    { code: { rings, sea } } the provinces
 * @param options   landPower, seaPower: each province's target area is proportional to its
 *                  area to this power (0: all equal, 1: unchanged), within land and within
 *                  sea; landGain: the land's share of the area grows by this factor;
 *                  cell: the grid's spacing; iterations
 * @returns         a function from a point of the map to its warped place
 */
export function makeWarp(width, height, shapes, { landPower = 0.3, seaPower = 0.5, landGain = 1.15, cell = 20, iterations = 25 } = {}) {
  const nx = Math.ceil(width / cell);
  const ny = Math.ceil(height / cell);
  const id = (i, j) => j * (nx + 1) + i;
  let grid = [];
  for (let j = 0; j <= ny; j++) for (let i = 0; i <= nx; i++) grid.push([Math.min(width, i * cell), Math.min(height, j * cell)]);

  const through = (g) => ([x, y]) => {
    const i = Math.min(nx - 1, Math.floor(x / cell));
    const j = Math.min(ny - 1, Math.floor(y / cell));
    const x0 = i * cell;
    const y0 = j * cell;
    const u = (x - x0) / (Math.min(width, x0 + cell) - x0);
    const v = (y - y0) / (Math.min(height, y0 + cell) - y0);
    const [a, b, c, d] = [g[id(i, j)], g[id(i + 1, j)], g[id(i + 1, j + 1)], g[id(i, j + 1)]];
    return [0, 1].map((k) => (1 - u) * (1 - v) * a[k] + u * (1 - v) * b[k] + u * v * c[k] + (1 - u) * v * d[k]);
  };

  const codes = Object.keys(shapes);
  const before = Object.fromEntries(codes.map((c) => [c, areaAndCentroid(shapes[c].rings).area]));
  const total = codes.reduce((s, c) => s + before[c], 0);
  const land = codes.filter((c) => !shapes[c].sea);
  const landShare = Math.min(0.85, (land.reduce((s, c) => s + before[c], 0) / total) * landGain);
  const target = {};
  for (const sea of [false, true]) {
    const group = codes.filter((c) => Boolean(shapes[c].sea) === sea);
    const power = sea ? seaPower : landPower;
    const weights = group.reduce((s, c) => s + before[c] ** power, 0);
    for (const c of group) target[c] = (total * (sea ? 1 - landShare : landShare) * before[c] ** power) / weights;
  }

  // Cells that are not convex quadrilaterals turned the right way, by their corners.
  const cross = (o, a, b) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const foldedCorners = (g) => {
    const out = new Set();
    for (let j = 0; j < ny; j++) {
      for (let i = 0; i < nx; i++) {
        const corners = [id(i, j), id(i + 1, j), id(i + 1, j + 1), id(i, j + 1)];
        const q = corners.map((k) => g[k]);
        if (q.some((p, k) => cross(p, q[(k + 1) % 4], q[(k + 2) % 4]) <= 1)) corners.forEach((k) => out.add(k));
      }
    }
    return [...out];
  };

  for (let iteration = 0; iteration < iterations; iteration++) {
    const warp = through(grid);
    const regions = codes.map((c) => {
      const { area, centroid } = areaAndCentroid(shapes[c].rings.map((ring) => ring.map(warp)));
      const radius = Math.sqrt(area / Math.PI);
      return { centroid, radius, mass: Math.sqrt(target[c] / Math.PI) - radius, error: Math.max(area, target[c]) / Math.min(area, target[c]) };
    });
    const reduction = 1 / (regions.reduce((s, r) => s + r.error, 0) / regions.length);
    let forces = grid.map(([x, y], n) => {
      const i = n % (nx + 1);
      const j = Math.floor(n / (nx + 1));
      let dx = 0;
      let dy = 0;
      for (const { centroid, radius, mass } of regions) {
        const ddx = x - centroid[0];
        const ddy = y - centroid[1];
        const d = Math.hypot(ddx, ddy) || 1e-9;
        const f = (d > radius ? (mass * radius) / d : mass * ((d * d) / (radius * radius)) * (4 - (3 * d) / radius)) * reduction;
        dx += (f * ddx) / d;
        dy += (f * ddy) / d;
      }
      // The edges of the map slide along themselves.
      return [i === 0 || i === nx ? 0 : dx, j === 0 || j === ny ? 0 : dy];
    });
    // Smoothed over neighbouring nodes, so that the sheet bends rather than creases.
    for (let pass = 0; pass < 3; pass++) {
      const copy = forces;
      forces = copy.map(([fx, fy], n) => {
        const i = n % (nx + 1);
        const j = Math.floor(n / (nx + 1));
        let sx = fx * 4;
        let sy = fy * 4;
        let w = 4;
        for (const [a, b] of [[i + 1, j], [i - 1, j], [i, j + 1], [i, j - 1]]) {
          if (a < 0 || b < 0 || a > nx || b > ny) continue;
          sx += copy[id(a, b)][0];
          sy += copy[id(a, b)][1];
          w += 1;
        }
        return [i === 0 || i === nx ? 0 : sx / w, j === 0 || j === ny ? 0 : sy / w];
      });
    }
    // Where a step would fold a cell, the nodes around it take smaller steps, or none.
    const step = grid.map(() => 1);
    let next = grid;
    for (let attempt = 0; attempt < 30; attempt++) {
      next = grid.map(([x, y], n) => [Math.min(width, Math.max(0, x + forces[n][0] * step[n])), Math.min(height, Math.max(0, y + forces[n][1] * step[n]))]);
      const folded = foldedCorners(next);
      if (!folded.length) break;
      for (const n of folded) step[n] /= 2;
      if (attempt === 29) for (const n of folded) next[n] = grid[n];
    }
    if (!foldedCorners(next).length) grid = next;
  }
  return through(grid);
}
