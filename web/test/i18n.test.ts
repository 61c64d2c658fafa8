import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { languages, uiResources } from '../src/i18n';
import { variantLanguage, variantNames } from '../src/i18n/names';
import variant from '../src/generated/variant.json';
// @ts-expect-error: a plain JavaScript script without types
import { parseVariant } from '../scripts/gen-variant.mjs';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const english = leaves(uiResources.en as Tree);

describe('UI strings', () => {
  for (const lang of languages) {
    it(`${lang} translates every key, with the same placeholders`, () => {
      const own = leaves(uiResources[lang] as Tree);
      const missing = [...english.keys()].filter((k) => !own.get(k)?.trim());
      const extra = [...own.keys()].filter((k) => !english.has(k));
      expect(missing, `keys without a ${lang} translation`).toEqual([]);
      expect(extra, `${lang} keys English does not have`).toEqual([]);
      for (const [key, text] of english) expect(placeholders(own.get(key)!), `${lang} ${key}`).toEqual(placeholders(text));
    });
  }

  // Chinese and Japanese text takes full-width punctuation: an ASCII comma, colon or
  // bracket beside a CJK character reads as a typing slip.
  for (const lang of languages.filter((l) => l !== 'en')) {
    it(`${lang} punctuates CJK text with full-width marks`, () => {
      const cjk = '[\\u3000-\\u30ff\\u3400-\\u9fff\\uff00-\\uffef]';
      const halfWidthBesideCjk = new RegExp(`${cjk}[,:;?!()]|[,:;?!()]${cjk}`);
      const slips = [...leaves(uiResources[lang] as Tree)].filter(([, text]) => halfWidthBesideCjk.test(text));
      expect(slips.map(([key]) => key)).toEqual([]);
    });
  }

  it('every key the source uses exists', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name)) files.push(path);
      }
    };
    walk(resolve(__dirname, '../src'));
    const used = new Set<string>();
    for (const file of files) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([a-zA-Z]+\.[a-zA-Z_.]+)'/g)) used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(20);
    expect([...used].filter((k) => !english.has(k))).toEqual([]);
  });
});

describe('variant names', () => {
  it('traditional Chinese has Taiwan\'s names and Hong Kong\'s where they differ', () => {
    expect(variantNames('zh-Hant').power.ITALY).toBe('義大利');
    expect(variantNames('zh-Hant-HK').power.ITALY).toBe('意大利');
    expect(variantNames('zh-Hant-HK').adjective.ITALY).toBe('意大利的');
    expect(variantNames('zh-Hant-HK').province.NAP).toBe(variantNames('zh-Hant').province.NAP);
  });

  it('the generated file is what scripts/gen-variant.mjs makes of data/diplomacy/standard.variant', () => {
    const text = readFileSync(resolve(__dirname, '../../data/diplomacy/standard.variant'), 'utf8');
    expect(parseVariant(text)).toEqual(variant);
  });

  for (const lang of new Set(languages.map(variantLanguage))) {
    it(`every power, province and coast has a ${lang} name`, () => {
      const unnamed: string[] = [];
      for (const p of variant.powers) if (!(p.names as Record<string, string>)[lang]) unnamed.push(p.code);
      for (const p of variant.provinces) {
        if (!(p.names as Record<string, string>)[lang]) unnamed.push(p.code);
        for (const [code, c] of Object.entries(p.coasts as Record<string, { names: Record<string, string> }>)) {
          if (!c.names[lang]) unnamed.push(`${p.code}/${code}`);
        }
      }
      expect(unnamed).toEqual([]);
    });
  }
});

describe('words of the game in the reader\'s language', () => {
  it('names phases and orders from the UI strings and the variant\'s names', async () => {
    const { i18n } = await import('../src/i18n');
    const { orderSentence, phaseName } = await import('../src/ui/i18n');
    const ja = i18n.getFixedT('ja');
    const en = i18n.getFixedT('en');
    const hant = i18n.getFixedT('zh-Hant');
    const hans = i18n.getFixedT('zh-Hans');
    expect(phaseName(ja, 'F1901M')).toBe('1901年秋移動');
    expect(phaseName(hant, 'W1901A')).toBe('1901年冬季部隊數目調整');
    // Orders are sentences, the same in the order list, the results, the map and history.
    const sentences: [typeof en, string | null, string][] = [
      [en, 'A SMY S A CON', 'Army Smyrna supports Army Constantinople'],
      [ja, 'A SMY S A CON', 'スミルナの陸軍がコンスタンティノープルの陸軍を支援'],
      [en, 'F SMY B', 'Fleet built in Smyrna'],
      [ja, 'F SMY B', 'スミルナに海軍を増設'],
      [hant, 'F SMY B', '在史密爾納建造艦隊'],
      [ja, 'A PAR S A MAR - BUR', 'パリの陸軍がマルセイユの陸軍のブルゴーニュへの移動を支援'],
      [hant, 'F NTH C A LON - NWY', '艦隊北海護航陸軍倫敦至挪威'],
      [hans, 'F STP/SC H', '舰队圣彼得堡南岸防守'],
      [hans, 'F NTH C A LON - NWY', '舰队北海运输陆军伦敦至挪威'],
      [en, 'A MUN - BUR', 'Army Munich moves to Burgundy'],
      [en, 'A MUN', 'Army Munich'],
    ];
    for (const [t, order, sentence] of sentences) expect(orderSentence(t, order)).toBe(sentence);
    expect(orderSentence(en, null, 'A MUN')).toBe('Army Munich had no order');
  });
});
