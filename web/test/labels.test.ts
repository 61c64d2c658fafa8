import { describe, expect, it } from 'vitest';
import { emWidth, overlaps, placeLabels, type Box, type LabelInput } from '../src/diplomacy/labels';
import { mapLabels } from '../src/diplomacy/mapLabels';
import { centreCodes, centrePoint, drawn, locationPoint, token, unitBox, unitScale } from '../src/diplomacy/mapData';
import * as board from '../src/diplomacy/board';
import { i18n } from '../src/i18n';
import map from '../src/generated/map.json';

const input = (code: string, texts: string[], anchor: [number, number], extra: Partial<LabelInput> = {}): LabelInput => ({
  code, texts, anchor, around: { w: 8, h: 6 }, px: 12, area: 1000, ...extra,
});
const bounds = { x: 0, y: 0, w: 1000, h: 834 };
const apart = (placed: { box: Box }[]) => placed.every((a, i) => placed.every((b, j) => i === j || !overlaps(a.box, b.box)));

describe('map labels', () => {
  it('measures CJK characters as squares and Latin ones narrower', () => {
    expect(emWidth('巴黎')).toBe(2);
    expect(emWidth('PAR')).toBeCloseTo(2.16);
  });

  it('names every province, the short name where the full one has no room, never two on each other', () => {
    const placed = placeLabels([
      input('AAA', ['Alpha Province', 'Alp'], [100, 100], { area: 20000 }),
      input('BBB', ['Beta Province', 'Bet'], [104, 100], { area: 100 }),
    ], 1, [], bounds);
    expect(placed.map((p) => p.code).sort()).toEqual(['AAA', 'BBB']);
    expect(apart(placed)).toBe(true);
    // Where the full name has no room, the short one.
    const [narrow] = placeLabels([input('AAA', ['Alpha Province', 'Alp'], [30, 20], { around: { w: 2, h: 2 } })], 1, [], { x: 0, y: 0, w: 60, h: 40 });
    expect(narrow.text).toBe('Alp');
  });

  it('keeps names inside the map, where they are not cut off, and off what stands there', () => {
    const [sea] = placeLabels([input('BAR', ['Barents Sea'], [500, 3])], 1, [], bounds);
    expect(sea.box.y).toBeGreaterThanOrEqual(0);
    const unit = { x: -10, y: -10, w: 20, h: 20 };
    const [paris] = placeLabels([input('PAR', ['Paris'], [200, 200], { around: { w: 10, h: 10 } })], 1, [{ ...unit, x: 190, y: 190 }], bounds);
    expect(overlaps(paris.box, { ...unit, x: 190, y: 190 })).toBe(false);
  });
});

// The whole board as a phone (390 px wide) and a desktop show it at their whole-map zoom.
describe('the board named in every language', () => {
  const start = board.unitsOf(board.startUnits);
  for (const [where, scale] of [['a phone', 390 / 1000], ['a 360 px phone', 360 / 1000], ['a desktop', 0.86]] as const) {
    for (const lang of ['en', 'zh-Hant', 'zh-Hans', 'ja']) {
      it(`${where}, ${lang}: every province named, in the reader's script, clear of units, centres and each other`, () => {
        const t = i18n.getFixedT(lang);
        const { labels, coastLabels } = mapLabels(t, lang, scale, start, []);
        expect(labels.map((l) => l.code).sort()).toEqual(Object.keys(drawn).sort());
        expect(apart([...labels, ...coastLabels.values()])).toBe(true);
        const k = unitScale(scale);
        const units = start.map((u) => unitBox(locationPoint(u.location), k));
        const centres = centreCodes.map((code) => {
          const [x, y] = centrePoint(code, k);
          const r = token.centre.r * k;
          return { x: x - r, y: y - r, w: 2 * r, h: 2 * r };
        });
        for (const label of [...labels, ...coastLabels.values()]) {
          for (const obstacle of [...units, ...centres]) expect(overlaps(label.box, obstacle), label.code).toBe(false);
          if (lang !== 'en') expect(label.text, label.code).toMatch(/[\p{Script=Han}\p{Script=Katakana}\p{Script=Hiragana}]/u);
          expect(label.px).toBeGreaterThanOrEqual(11);
        }
      });
    }
  }
});

describe('where units stand', () => {
  // Any two units that may stand at once, and any unit and a centre marker, kept apart
  // at the largest size units are drawn at (map.unitScale), so at every zoom.
  it('no two units and no unit and centre overlap, wherever units stand', () => {
    const k = map.unitScale;
    const places = [...Object.keys(drawn).filter((c) => drawn[c].kind !== 'impassable'), ...Object.keys(map.coasts)];
    const centres = centreCodes.map((code) => {
      const [x, y] = centrePoint(code, k);
      const r = token.centre.r * k;
      return { code, box: { x: x - r, y: y - r, w: 2 * r, h: 2 * r } };
    });
    const clashes: string[] = [];
    for (const a of places) {
      const boxA = unitBox(locationPoint(a), k);
      for (const b of places) {
        if (a < b && board.provinceOf(a) !== board.provinceOf(b) && overlaps(boxA, unitBox(locationPoint(b), k))) clashes.push(`${a} ${b}`);
      }
      for (const c of centres) if (overlaps(boxA, c.box)) clashes.push(`${a} on the centre of ${c.code}`);
    }
    expect(clashes).toEqual([]);
  });
});
