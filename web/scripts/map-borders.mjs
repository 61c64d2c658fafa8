// Which provinces share a border on the drawn map (src/generated/map.json), found by
// sampling the drawing on a fine grid the way the browser paints it: every province is
// its rings filled even-odd, seas first, then land, then Switzerland on top; neutral
// ground and islands belong to no province. Used by the generator to report mismatches
// and by the test that the drawing never lies.

function crossings(rings, y) {
  const xs = [];
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [x1, y1] = ring[j];
      const [x2, y2] = ring[i];
      if ((y1 <= y) !== (y2 <= y)) xs.push(x1 + ((y - y1) * (x2 - x1)) / (y2 - y1));
    }
  }
  return xs.sort((a, b) => a - b);
}

function paint(row, rings, y, step, value) {
  const xs = crossings(rings, y);
  for (let k = 0; k + 1 < xs.length; k += 2) {
    const from = Math.max(0, Math.ceil(xs[k] / step - 0.5));
    const to = Math.min(row.length - 1, Math.floor(xs[k + 1] / step - 0.5));
    for (let i = from; i <= to; i++) row[i] = value;
  }
}

const IGNORED = -2;

/** Map of "A-B" (codes in order) to the number of grid steps along their common border. */
export function drawnBorders(map, step = 0.5, where = new Map(), areas = new Map()) {
  const codes = Object.keys(map.provinces);
  const index = new Map(codes.map((c, i) => [c, i]));
  const columns = Math.floor(map.width / step);
  const rows = Math.floor(map.height / step);
  const layers = ['sea', 'land', 'impassable'].flatMap((kind) =>
    Object.entries(map.provinces).filter(([, p]) => p.kind === kind).map(([code, p]) => [index.get(code), p.rings]));
  const counts = new Map();
  let previous = null;
  const label = new Int16Array(columns);
  let x = 0;
  let y = 0;
  const count = (a, b) => {
    if (a === b || a < 0 || b < 0) return;
    const key = codes[a] < codes[b] ? `${codes[a]}-${codes[b]}` : `${codes[b]}-${codes[a]}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    if (!where.has(key)) where.set(key, [x, y]);
  };
  for (let r = 0; r < rows; r++) {
    y = (r + 0.5) * step;
    label.fill(IGNORED);
    for (const [id, rings] of layers) paint(label, rings, y, step, id);
    for (let i = 0; i < columns; i++) if (label[i] >= 0) areas.set(codes[label[i]], (areas.get(codes[label[i]]) ?? 0) + step * step);
    for (let i = 1; i < columns; i++) { x = i * step; count(label[i - 1], label[i]); }
    if (previous) for (let i = 0; i < columns; i++) { x = i * step; count(previous[i], label[i]); }
    previous = Int16Array.from(label);
  }
  return counts;
}

/** Pairs ("A-B", codes in order) the variant says are adjacent: armies between land
 * provinces, fleets wherever a sea is involved. Switzerland borders everything around it
 * on the drawing and nothing in the rules, so it is left out of both sides. */
export function variantBorders(variant) {
  const pairs = new Set();
  const kind = new Map(variant.provinces.map((p) => [p.code, p.type]));
  const add = (a, b) => pairs.add(a < b ? `${a}-${b}` : `${b}-${a}`);
  for (const p of variant.provinces) {
    for (const other of p.army) add(p.code, other);
    for (const loc of p.fleet) {
      const other = loc.split('/')[0];
      if (kind.get(p.code) === 'sea' || kind.get(other) === 'sea') add(p.code, other);
    }
    for (const coast of Object.values(p.coasts)) for (const loc of coast.fleet) if (kind.get(loc) === 'sea') add(p.code, loc);
  }
  return pairs;
}

export function compareBorders(map, variant, minimum = 4) {
  const where = new Map();
  const drawn = drawnBorders(map, 0.5, where);
  const at = (k) => `${k} (${drawn.get(k) ?? 0}${where.has(k) ? ` at ${where.get(k).join(',')}` : ''})`;
  const expected = variantBorders(variant);
  const touching = new Set([...drawn].filter(([key, n]) => n >= minimum && !key.includes('SWI')).map(([key]) => key));
  return {
    missing: [...expected].filter((k) => !touching.has(k)).sort().map(at),
    extra: [...touching].filter((k) => !expected.has(k)).sort().map(at),
  };
}
