import { describe, expect, it } from 'vitest';
import map from '../src/generated/map.json';
import variant from '../src/generated/variant.json';
// @ts-expect-error: a plain JavaScript module without types
import { compareBorders, drawnBorders, variantBorders } from '../scripts/map-borders.mjs';

describe('the drawn map', () => {
  it('has one shape for every province of the variant, Switzerland included, and nothing else', () => {
    expect(Object.keys(map.provinces).sort()).toEqual(variant.provinces.map((p) => p.code).sort());
    for (const p of variant.provinces) {
      const kind = (map.provinces as Record<string, { kind: string }>)[p.code].kind;
      expect(kind, p.code).toBe(p.type === 'sea' ? 'sea' : p.type === 'impassable' ? 'impassable' : 'land');
    }
  });

  it('draws a marker for every split coast an order can name', () => {
    const coasts = variant.provinces.flatMap((p) => Object.keys(p.coasts).map((c) => `${p.code}/${c}`));
    expect(Object.keys(map.coasts).sort()).toEqual(coasts.sort());
  });

  it('two provinces share a border exactly when the variant makes them adjacent', () => {
    expect(compareBorders(map, variant)).toEqual({ missing: [], extra: [] });
  });

  it('the comparison fails when a border is missing or extra', () => {
    const broken = structuredClone(map) as typeof map;
    // Giving Picardy's shape to Paris makes Paris touch the Channel and Belgium, and
    // Picardy vanish.
    (broken.provinces as Record<string, { rings: number[][][] }>).PAR.rings.push(...broken.provinces.PIC.rings);
    broken.provinces.PIC.rings = [];
    const { missing, extra } = compareBorders(broken, variant);
    expect(missing).toContainEqual(expect.stringMatching(/^BEL-PIC /));
    expect(extra).toContainEqual(expect.stringMatching(/^ENG-PAR /));
    expect(drawnBorders(broken).has('BEL-PIC')).toBe(false);
    expect(variantBorders(variant).has('BEL-PIC')).toBe(true);
  });
});
