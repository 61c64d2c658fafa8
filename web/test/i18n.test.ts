import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { languages, uiResources } from '../src/i18n';
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
  it('the generated file is what scripts/gen-variant.mjs makes of data/diplomacy/standard.variant', () => {
    const text = readFileSync(resolve(__dirname, '../../data/diplomacy/standard.variant'), 'utf8');
    expect(parseVariant(text)).toEqual(variant);
  });

  for (const lang of languages) {
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
    const { orderText, phaseName } = await import('../src/ui/i18n');
    const ja = i18n.getFixedT('ja');
    expect(phaseName(ja, 'F1901M')).toBe('1901年秋移動');
    expect(orderText(ja, 'A PAR S A MAR - BUR')).toBe('陸軍パリ 支援 陸軍マルセイユ → ブルゴーニュ');
    const hant = i18n.getFixedT('zh-Hant');
    expect(phaseName(hant, 'W1901A')).toBe('1901年冬季部隊數目調整');
    expect(orderText(hant, 'F NTH C A LON - NWY')).toBe('艦隊北海 護航 陸軍倫敦 → 挪威');
    const hans = i18n.getFixedT('zh-Hans');
    expect(orderText(hans, 'F STP/SC H')).toBe('舰队圣彼得堡南岸 防守');
    expect(orderText(i18n.getFixedT('en'), 'A MUN - BUR')).toBe('Army Munich → Burgundy');
  });
});
