// Names of powers, provinces and coasts in each language, taken from the engine's variant
// data (src/generated/variant.json, written by scripts/gen-variant.mjs).
import variant from '../generated/variant.json';

type Names = Record<string, string>;

export function variantNames(lang: string) {
  const pick = (names: Names) => names[lang] ?? names.en;
  const power: Names = {};
  const adjective: Names = {};
  const province: Names = {};
  const coast: Names = {};
  for (const p of variant.powers) {
    power[p.code] = pick(p.names);
    adjective[p.code] = pick(p.adjectives);
  }
  for (const p of variant.provinces) {
    province[p.code] = pick(p.names);
    for (const [code, c] of Object.entries(p.coasts as Record<string, { names: Names }>)) {
      coast[`${p.code}_${code}`] = pick(c.names);
    }
  }
  return { power, adjective, province, coast };
}
