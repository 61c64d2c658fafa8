// Plane geometry the map generator shares: rings are arrays of [x, y] points, a shape is
// a list of rings filled even-odd (a ring inside another is a hole).

/** The signed area of a ring (positive when its points turn clockwise on screen). */
export const signedArea = (ring) =>
  ring.reduce((s, [x1, y1], i) => { const [x2, y2] = ring[(i + 1) % ring.length]; return s + x1 * y2 - x2 * y1; }, 0) / 2;

export const area = (ring) => Math.abs(signedArea(ring));

/** The area and centroid of a shape whose holes turn against its outer rings, as
 * polygon-clipping writes them. */
export function areaAndCentroid(rings) {
  let a = 0;
  let cx = 0;
  let cy = 0;
  for (const ring of rings) {
    for (let i = 0; i < ring.length; i++) {
      const [x1, y1] = ring[i];
      const [x2, y2] = ring[(i + 1) % ring.length];
      const cross = x1 * y2 - x2 * y1;
      a += cross / 2;
      cx += ((x1 + x2) * cross) / 6;
      cy += ((y1 + y2) * cross) / 6;
    }
  }
  return { area: Math.abs(a), centroid: [cx / a, cy / a] };
}

/** Whether a point lies in a shape (even-odd). */
export function inside([x, y], rings) {
  let odd = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [x1, y1] = ring[j];
      const [x2, y2] = ring[i];
      if ((y1 <= y) !== (y2 <= y) && x < x1 + ((y - y1) * (x2 - x1)) / (y2 - y1)) odd = !odd;
    }
  }
  return odd;
}

/** The distance from a point to the nearest edge of a shape. */
export function distanceToEdge([px, py], rings) {
  let best = Infinity;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [x1, y1] = ring[j];
      const [x2, y2] = ring[i];
      const dx = x2 - x1;
      const dy = y2 - y1;
      const t = Math.max(0, Math.min(1, ((px - x1) * dx + (py - y1) * dy) / (dx * dx + dy * dy || 1)));
      best = Math.min(best, Math.hypot(px - x1 - t * dx, py - y1 - t * dy));
    }
  }
  return best;
}

export function bounds(rings) {
  const points = rings.flat();
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return { x: Math.min(...xs), y: Math.min(...ys), w: Math.max(...xs) - Math.min(...xs), h: Math.max(...ys) - Math.min(...ys) };
}

/** A ring with points added so that no edge is longer than `step`: a warp then bends
 * long edges instead of moving only their ends. Both sides of a shared edge get the same
 * points. */
export function densify(ring, step) {
  const out = [];
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i];
    const b = ring[(i + 1) % ring.length];
    const n = Math.max(1, Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) / step));
    for (let k = 0; k < n; k++) out.push([a[0] + ((b[0] - a[0]) * k) / n, a[1] + ((b[1] - a[1]) * k) / n]);
  }
  return out;
}

export const round = (v) => Math.round(v * 10) / 10;

/** A ring rounded to tenths, without points repeated by the rounding. */
export function roundRing(ring) {
  const out = ring.map(([x, y]) => [round(x), round(y)]);
  return out.filter((p, i) => i === 0 || p[0] !== out[i - 1][0] || p[1] !== out[i - 1][1]);
}
