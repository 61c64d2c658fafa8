// Draws the Diplomacy board: Natural Earth coastlines (world-atlas, public domain) in a
// conic projection, provinces grown as Voronoi cells (d3-delaunay) from the seeds of
// map-seeds.mjs. Writes src/generated/map.json and reports every pair of provinces whose
// drawn border disagrees with the variant's adjacency.
// Usage: node scripts/gen-map.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { geoConicConformal, geoPath } from 'd3-geo';
import { Delaunay } from 'd3-delaunay';
import { feature } from 'topojson-client';
import { coastPoints, frame, landPatches, landSeeds, seaSeeds } from './map-seeds.mjs';
import { compareBorders, drawnBorders } from './map-borders.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const variant = JSON.parse(readFileSync(resolve(here, '../src/generated/variant.json'), 'utf8'));
const world = require('world-atlas/countries-50m.json');

const width = 1000;
const round = (v) => Math.round(v * 10) / 10;
const outline = { type: 'MultiPoint', coordinates: [] };
for (let lon = frame.west; lon <= frame.east; lon += 1) outline.coordinates.push([lon, frame.south], [lon, frame.north]);
for (let lat = frame.south; lat <= frame.north; lat += 1) outline.coordinates.push([frame.west, lat], [frame.east, lat]);
const projection = geoConicConformal().parallels([40, 64]).rotate([-12, 0]).fitWidth(width, outline);
const height = Math.ceil(geoPath(projection).bounds(outline)[1][1]);
projection.clipExtent([[0, 0], [width, height]]);
const project = (p) => projection(p).map(round);

function ringsOf(geometry) {
  const rings = [];
  let ring = null;
  geoPath(projection, {
    moveTo(x, y) { ring = [[round(x), round(y)]]; rings.push(ring); },
    lineTo(x, y) {
      const last = ring[ring.length - 1];
      const point = [round(x), round(y)];
      if (Math.hypot(point[0] - last[0], point[1] - last[1]) >= 0.6) ring.push(point);
    },
    closePath() {},
    arc() {},
  })(geometry);
  return rings.filter((r) => r.length >= 3);
}

const area = (ring) => Math.abs(ring.reduce((s, [x1, y1], i) => { const [x2, y2] = ring[(i + 1) % ring.length]; return s + x1 * y2 - x2 * y1; }, 0) / 2);
function inside([x, y], rings) {
  let odd = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [x1, y1] = ring[j]; const [x2, y2] = ring[i];
      if ((y1 <= y) !== (y2 <= y) && x < x1 + ((y - y1) * (x2 - x1)) / (y2 - y1)) odd = !odd;
    }
  }
  return odd;
}

// Land: polygons holding a province seed are the board; the rest are neutral islands.
const landFeature = feature(world, world.objects.land);
const polygons = landFeature.geometry
  ? (landFeature.geometry.type === 'MultiPolygon' ? landFeature.geometry.coordinates : [landFeature.geometry.coordinates])
  : landFeature.features.flatMap((f) => (f.geometry.type === 'MultiPolygon' ? f.geometry.coordinates : [f.geometry.coordinates]));
const seedPoints = Object.entries(landSeeds).filter(([code]) => code !== 'null').flatMap(([, seeds]) => seeds.map(project));
const landRings = [];
const islandRings = [];
for (const polygon of polygons) {
  const rings = ringsOf({ type: 'Polygon', coordinates: polygon });
  if (!rings.length || area(rings[0]) < 4) continue;
  (seedPoints.some((p) => inside(p, rings)) ? landRings : islandRings).push(...rings);
}
const patchRings = landPatches.map((patch) => patch.map(project));
const switzerland = feature(world, world.objects.countries.geometries.find((g) => g.id === '756'));
const switzerlandRings = ringsOf(switzerland);

function cells(seeds) {
  const owners = [];
  const points = [];
  for (const [code, list] of Object.entries(seeds)) for (const seed of list) { owners.push(code); points.push(project(seed)); }
  const voronoi = Delaunay.from(points).voronoi([0, 0, width, height]);
  return owners.map((owner, i) => ({ owner, polygon: voronoi.cellPolygon(i).slice(0, -1).map(([x, y]) => [round(x), round(y)]) }));
}

// Segments between cells of different owners: the borders drawn inside land and sea.
function borders(list) {
  const seen = new Map();
  const key = (a, b) => `${a[0]},${a[1]} ${b[0]},${b[1]}`;
  const lines = [];
  for (const { owner, polygon } of list) {
    polygon.forEach((a, i) => {
      const b = polygon[(i + 1) % polygon.length];
      const other = seen.get(key(b, a));
      if (other !== undefined && other !== owner) lines.push([a, b]);
      seen.set(key(a, b), owner);
    });
  }
  return lines;
}

const provinces = {};
const neutral = { land: [], sea: [] };
for (const [kind, list] of [['land', cells(landSeeds)], ['sea', cells(seaSeeds)]]) {
  for (const { owner, polygon } of list) {
    if (owner === 'null') { neutral[kind].push(polygon); continue; }
    provinces[owner] ??= { kind, label: project((kind === 'land' ? landSeeds : seaSeeds)[owner][0]), cells: [] };
    provinces[owner].cells.push(polygon);
  }
}
provinces.SWI = { kind: 'impassable', label: project([8.1, 46.75]), cells: switzerlandRings };
const coasts = Object.fromEntries(Object.entries(coastPoints).map(([loc, p]) => [loc, project(p)]));

const map = {
  width, height,
  landRings, islandRings, patchRings, switzerlandRings,
  provinces, neutral, coasts,
  landBorders: borders(cells(landSeeds)),
  seaBorders: borders(cells(seaSeeds)),
};
// The drawn area of each province (square pixels), so the client knows where a full name fits.
const areas = new Map();
drawnBorders(map, 1, new Map(), areas);
for (const [code, p] of Object.entries(provinces)) p.area = Math.round(areas.get(code) ?? 0);
const unknown = variant.provinces.filter((p) => !provinces[p.code]).map((p) => p.code);
if (unknown.length) throw new Error(`no seeds for ${unknown.join(' ')}`);
const output = resolve(here, '../src/generated/map.json');
writeFileSync(output, JSON.stringify(map) + '\n');
const { missing, extra } = compareBorders(map, variant);
console.log(`${output}: ${width}x${height}, ${landRings.length} land rings, ${islandRings.length} islands`);
console.log(`missing borders: ${missing.join(', ') || 'none'}`);
console.log(`borders the variant does not have: ${extra.join(', ') || 'none'}`);
process.exitCode = missing.length || extra.length ? 1 : 0;
