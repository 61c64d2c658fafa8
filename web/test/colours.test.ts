// The map's colours told apart by anyone (issue 16 §2): the distance between every two
// colours in CIELAB (ΔE 1976) under normal vision and simulated protanopia, deuteranopia
// and tritanopia (Machado, Oliveira and Fernandes 2009, severity 1), and the WCAG
// contrast of labels and unit symbols.
import { describe, expect, it } from 'vitest';
import { labelColour, landColour, powerColours, powerTints, targetColour } from '../src/diplomacy/colours';

type Rgb = [number, number, number];
const rgb = (hex: string): Rgb => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
const linear = (c: number) => { const v = c / 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
const gamma = (c: number) => { const v = Math.min(1, Math.max(0, c)); return 255 * (v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055); };
const machado: Record<string, number[][]> = {
  protanopia: [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]],
  deuteranopia: [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]],
  tritanopia: [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]],
};
const simulate = (c: Rgb, kind: string): Rgb => {
  if (kind === 'normal') return c;
  const l = c.map(linear);
  return machado[kind].map((row) => gamma(row[0] * l[0] + row[1] * l[1] + row[2] * l[2])) as Rgb;
};
const lab = (c: Rgb) => {
  const [r, g, b] = c.map(linear);
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
  const y = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
  const z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
};
const deltaE = (a: Rgb, b: Rgb) => Math.hypot(...lab(a).map((v, i) => v - lab(b)[i]));
const luminance = (c: Rgb) => { const [r, g, b] = c.map(linear); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
const contrast = (a: Rgb, b: Rgb) => { const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x); return (hi + 0.05) / (lo + 0.05); };

const closest = (colours: Record<string, string>, kind: string) => {
  const entries = Object.entries(colours);
  let best = { distance: Infinity, pair: '' };
  for (let i = 0; i < entries.length; i++) {
    for (let j = i + 1; j < entries.length; j++) {
      const distance = deltaE(simulate(rgb(entries[i][1]), kind), simulate(rgb(entries[j][1]), kind));
      if (distance < best.distance) best = { distance, pair: `${entries[i][0]}/${entries[j][0]}` };
    }
  }
  return best;
};

describe('the map\'s colours', () => {
  for (const kind of ['normal', 'protanopia', 'deuteranopia', 'tritanopia']) {
    it(`tells the provinces' colours apart (${kind})`, () => {
      const { distance, pair } = closest({ ...powerTints, LAND: landColour, TARGET: targetColour }, kind);
      expect(distance, pair).toBeGreaterThan(10);
    });
    it(`tells the units' colours apart (${kind})`, () => {
      const { distance, pair } = closest(powerColours, kind);
      expect(distance, pair).toBeGreaterThan(20);
    });
  }
  it('keeps labels readable on every tint and unit symbols on every marker', () => {
    for (const tint of [...Object.values(powerTints), landColour]) expect(contrast(rgb(labelColour), rgb(tint))).toBeGreaterThanOrEqual(4.5);
    for (const marker of Object.values(powerColours)) expect(contrast(rgb('#ffffff'), rgb(marker))).toBeGreaterThanOrEqual(3);
  });
});
