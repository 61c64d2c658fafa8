// Names of powers, provinces and coasts in each language, taken from the engine's variant
// data (src/generated/variant.json, written by scripts/gen-variant.mjs): the display
// names, the map's short names (the variant's `short` lines), and the word a split coast's
// marker shows (東岸 in Chinese and Japanese, the coast's code in English).
import variant from '../generated/variant.json';

type Names = Record<string, string>;

// Where Taiwan and Hong Kong name a power differently (the server's formats/regional_names
// holds the same pairs for the sentences it writes). The variant's first zh-Hant name is
// Taiwan's (義大利, Taiwan's rulebook, seed 003) where Hong Kong's rulebook (seed 000) writes
// 意大利. Both are the variant's names, so both can be typed in orders.
const regionalNames: Record<string, { power: Names; adjective: Names }> = {
  'zh-Hant': { power: { ITALY: '義大利' }, adjective: { ITALY: '義大利的' } },
  'zh-Hant-HK': { power: { ITALY: '意大利' }, adjective: { ITALY: '意大利的' } },
};

/** The variant's language a page's language takes its names from (zh-Hant-HK: zh-Hant). */
export const variantLanguage = (lang: string) => (lang.startsWith('zh-Hant') ? 'zh-Hant' : lang);

export function variantNames(lang: string) {
  const region = regionalNames[lang];
  lang = variantLanguage(lang);
  const pick = (names: Names) => names[lang] ?? names.en;
  const power: Names = {};
  const adjective: Names = {};
  const province: Names = {};
  const short: Names = {};
  const coast: Names = {};
  const coastMark: Names = {};
  for (const p of variant.provinces) {
    province[p.code] = pick(p.names);
    short[p.code] = (p.short as Names)[lang] ?? (lang === 'en' ? p.code : province[p.code]);
    for (const [code, c] of Object.entries(p.coasts as Record<string, { names: Names }>)) {
      const name = pick(c.names);
      coast[`${p.code}_${code}`] = name;
      // "ブルガリア東岸" less its province's name; English keeps the code (NC, SC, EC).
      coastMark[`${p.code}_${code}`] = lang !== 'en' && name.startsWith(province[p.code]) ? name.slice(province[p.code].length) : code;
    }
  }
  for (const p of variant.powers) {
    power[p.code] = region?.power[p.code] ?? pick(p.names);
    adjective[p.code] = region?.adjective[p.code] ?? pick(p.adjectives);
  }
  return { power, adjective, province, short, coast, coastMark };
}
