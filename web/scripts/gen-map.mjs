// Draws the Diplomacy board: Natural Earth coastlines (world-atlas, public domain, at
// 1:110m: a board's coastline, not a chart's) in a conic projection, provinces grown as
// Voronoi cells (d3-delaunay) from the seeds of map-seeds.mjs, cut along the coastline
// (polygon-clipping), then stretched where provinces are small and squeezed where they are
// large (map-warp.mjs), and the places of units and centres chosen (map-anchors.mjs).
// Writes src/generated/map.json and reports every pair of provinces whose drawn border
// disagrees with the variant's adjacency.
// Usage: node scripts/gen-map.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { geoConicConformal, geoPath } from 'd3-geo';
import { Delaunay } from 'd3-delaunay';
import { feature } from 'topojson-client';
import polygonClipping from 'polygon-clipping';
import { coastPoints, frame, landPatches, landSeeds, seaPatches, seaSeeds } from './map-seeds.mjs';
import { area, densify, inside, round, roundRing } from './map-geometry.mjs';
import { makeWarp } from './map-warp.mjs';
import { placeAnchors, token } from './map-anchors.mjs';
import { compareBorders, drawnBorders } from './map-borders.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const variant = JSON.parse(readFileSync(resolve(here, '../src/generated/variant.json'), 'utf8'));
const world = require('world-atlas/countries-110m.json');

const width = 1000;
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

// Land: polygons holding a province seed are the board; the rest are neutral islands.
const landFeature = feature(world, world.objects.land);
const polygons = landFeature.geometry
  ? (landFeature.geometry.type === 'MultiPolygon' ? landFeature.geometry.coordinates : [landFeature.geometry.coordinates])
  : landFeature.features.flatMap((f) => (f.geometry.type === 'MultiPolygon' ? f.geometry.coordinates : [f.geometry.coordinates]));
const seedPoints = Object.entries(landSeeds).filter(([code]) => code !== 'null').flatMap(([, seeds]) => seeds.map(project));
const boardPolygons = [];
const islandRings = [];
for (const polygon of polygons) {
  const rings = ringsOf({ type: 'Polygon', coordinates: polygon });
  if (!rings.length || area(rings[0]) < 4) continue;
  if (seedPoints.some((p) => inside(p, rings))) boardPolygons.push(rings);
  else islandRings.push(...rings);
}
const patchPolygons = landPatches.map((patch) => [patch.map(project)]);
const switzerland = feature(world, world.objects.countries.geometries.find((g) => g.id === '756'));
// Rings filled even-odd, as SVG and the border sampling read them: a ring inside another
// is a hole, whatever the order in which the projection's clipping returned them.
const evenOdd = (rings) => polygonClipping.xor(...rings.map((ring) => [ring]));
const switzerlandPolygon = evenOdd(ringsOf(switzerland));
// Straits the coarse coastline closes (Gibraltar) are cut open again.
const boardLand = polygonClipping.difference(polygonClipping.union(evenOdd(boardPolygons.flat()), ...patchPolygons),
  ...seaPatches.map((patch) => [patch.map(project)]));

function cells(seeds) {
  const owners = [];
  const points = [];
  for (const [code, list] of Object.entries(seeds)) for (const seed of list) { owners.push(code); points.push(project(seed)); }
  const voronoi = Delaunay.from(points).voronoi([0, 0, width, height]);
  return owners.map((owner, i) => ({ owner, polygon: voronoi.cellPolygon(i).slice(0, -1).map(([x, y]) => [round(x), round(y)]) }));
}

// Each province's shape: its cells united, cut along the coastline (land provinces keep
// the board's land outside Switzerland, seas everything that is not board land).
const flatten = (multiPolygon) => multiPolygon.flatMap((polygon) => polygon.map((ring) => {
  const out = ring.slice(0, -1).map(([x, y]) => [round(x), round(y)]);
  return out.filter((p, i) => i === 0 || p[0] !== out[i - 1][0] || p[1] !== out[i - 1][1]);
})).filter((ring) => ring.length >= 3);
function shape(kind, polygons) {
  const united = polygonClipping.union(...polygons.map((p) => [p]));
  return kind === 'land'
    ? polygonClipping.difference(polygonClipping.intersection(united, boardLand), switzerlandPolygon)
    : polygonClipping.difference(united, boardLand);
}
const provinces = {};
const neutral = { land: [], sea: [] };
for (const [kind, seeds] of [['land', landSeeds], ['sea', seaSeeds]]) {
  const byOwner = new Map();
  for (const { owner, polygon } of cells(seeds)) byOwner.set(owner, [...(byOwner.get(owner) ?? []), polygon]);
  for (const [owner, polygons] of byOwner) {
    const rings = flatten(shape(kind, polygons));
    if (owner === 'null') neutral[kind] = rings;
    else provinces[owner] = { kind, unit: project(seeds[owner][0]), rings };
  }
}
provinces.SWI = { kind: 'impassable', unit: project([8.1, 46.75]), rings: flatten(polygonClipping.intersection(switzerlandPolygon, boardLand)) };

// The board's distortion (map-warp.mjs), carried to every point drawn.
const warp = makeWarp(width, height, Object.fromEntries(Object.entries(provinces).map(([code, p]) => [code, { rings: p.rings, sea: p.kind === 'sea' }])));
const warped = (rings) => rings.map((ring) => roundRing(densify(ring, 3).map(warp))).filter((ring) => ring.length >= 3);
const warpedPoint = (p) => warp(p).map(round);
for (const p of Object.values(provinces)) p.rings = warped(p.rings);

// Units (and the centre markers beside them) drawn at up to this factor of their shapes'
// size never overlap: about 15 px wide on a phone showing the whole map.
const unitScale = 2.5;
const anchors = placeAnchors(provinces, Object.fromEntries(Object.entries(coastPoints).map(([loc, p]) => [loc, warpedPoint(project(p))])),
  variant.provinces.filter((p) => p.centre).map((p) => p.code), unitScale);
if (anchors.overlaps.length) throw new Error(`units overlap at scale ${unitScale}: ${anchors.overlaps.join(' ')}`);
for (const [code, p] of Object.entries(provinces)) p.unit = (anchors.units[code] ?? warpedPoint(p.unit)).map(round);
const coasts = Object.fromEntries(Object.entries(anchors.coasts).map(([loc, p]) => [loc, p.map(round)]));

const map = { width, height, unitScale, token, islandRings: warped(islandRings), provinces, neutral: { land: warped(neutral.land), sea: warped(neutral.sea) }, coasts };
// The drawn area of each province (square pixels), so the client knows where a full name fits.
const areas = new Map();
drawnBorders(map, 1, new Map(), areas);
for (const [code, p] of Object.entries(provinces)) p.area = Math.round(areas.get(code) ?? 0);
const unknown = variant.provinces.filter((p) => !provinces[p.code]).map((p) => p.code);
if (unknown.length) throw new Error(`no seeds for ${unknown.join(' ')}`);
const output = resolve(here, '../src/generated/map.json');
writeFileSync(output, JSON.stringify(map) + '\n');
const { missing, extra } = compareBorders(map, variant);
console.log(`${output}: ${width}x${height}, ${boardPolygons.length} land polygons, ${islandRings.length} island rings`);
console.log(`missing borders: ${missing.join(', ') || 'none'}`);
console.log(`borders the variant does not have: ${extra.join(', ') || 'none'}`);
process.exitCode = missing.length || extra.length ? 1 : 0;
