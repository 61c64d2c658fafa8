import { describe, expect, it } from 'vitest';
import { emWidth, placeLabels } from '../src/diplomacy/labels';

describe('map labels', () => {
  it('measures CJK characters as squares and Latin ones narrower', () => {
    expect(emWidth('巴黎')).toBe(2);
    expect(emWidth('PAR')).toBeCloseTo(2.16);
  });
  it('never places two labels on each other, falling back to the code, then to nothing', () => {
    const inputs = [
      { code: 'AAA', name: 'Alpha Province', anchor: [100, 100] as [number, number], area: 20000, sea: false },
      { code: 'BBB', name: 'Beta Province', anchor: [104, 100] as [number, number], area: 100, sea: false },
    ];
    const placed = placeLabels(inputs, 12, 1, [], 8);
    expect(placed[0]).toMatchObject({ code: 'AAA', text: 'Alpha Province' });
    for (const a of placed) for (const b of placed) {
      if (a === b) continue;
      expect(a.box.x + a.box.w <= b.box.x || b.box.x + b.box.w <= a.box.x || a.box.y + a.box.h <= b.box.y || b.box.y + b.box.h <= a.box.y).toBe(true);
    }
    expect(placed.find((p) => p.code === 'BBB')?.text ?? 'hidden').not.toBe('Beta Province');
  });
  it('keeps labels inside the map, where they are not cut off', () => {
    const sea = { code: 'BAR', name: 'Barents Sea', anchor: [500, 3] as [number, number], area: 1e6, sea: true };
    const bounds = { x: 0, y: 0, w: 1000, h: 834 };
    const [placed] = placeLabels([sea], 12, 1, [], 8, bounds);
    expect(placed.box.y).toBeGreaterThanOrEqual(0);
    expect(placeLabels([sea], 12, 1, [], 8)[0].box.y).toBeLessThan(0);
  });
  it('keeps labels off the units', () => {
    const placed = placeLabels([{ code: 'PAR', name: 'Paris', anchor: [0, 0], area: 1e6, sea: false }], 12, 1, [{ x: -10, y: -10, w: 20, h: 20 }], 10);
    expect(placed[0].box.y).toBeGreaterThanOrEqual(10);
  });
});
