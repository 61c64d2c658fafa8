// The languages and which one a reader gets, without i18next or any words: the offline
// page (pwa/offline.ts) and the build (pwa/vite-plugin.ts) need this much and no more.

// Traditional Chinese twice: with Taiwan's names of powers and places (zh-Hant) and with
// Hong Kong's (zh-Hant-HK, 意大利 where Taiwan writes 義大利); the same words otherwise.
export const languages = ['en', 'zh-Hant', 'zh-Hant-HK', 'zh-Hans', 'ja'] as const;
export type Language = (typeof languages)[number];
export const languageLabels: Record<Language, string> = {
  en: 'English', 'zh-Hant': '台灣繁體', 'zh-Hant-HK': '香港繁體', 'zh-Hans': '简体中文', ja: '日本語',
};
// The locale file (locales/*.json) of each language's words.
export const wordsOf = { en: 'en', 'zh-Hant': 'zh-Hant', 'zh-Hant-HK': 'zh-Hant', 'zh-Hans': 'zh-Hans', ja: 'ja' } as const satisfies Record<Language, string>;

const storageKey = 'stratagem.language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

export function initialLanguage(): Language {
  const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(storageKey) : null;
  if (isLanguage(stored)) return stored;
  for (const wanted of typeof navigator !== 'undefined' ? navigator.languages ?? [] : []) {
    if (/^zh-(Hant-)?(HK|MO)/i.test(wanted)) return 'zh-Hant-HK';
    if (/^zh-(TW|Hant)/i.test(wanted)) return 'zh-Hant';
    if (/^zh/i.test(wanted)) return 'zh-Hans';
    if (/^ja/i.test(wanted)) return 'ja';
    if (/^en/i.test(wanted)) return 'en';
  }
  return 'en';
}

export function rememberLanguage(language: Language) {
  localStorage.setItem(storageKey, language);
}
