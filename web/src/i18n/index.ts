// i18next set up with the UI strings (locales/*.json) and, in the "names" namespace, the
// power, province and coast names generated from the engine's variant file.
import i18next from 'i18next';
import en from './locales/en.json';
import zhHant from './locales/zh-Hant.json';
import zhHans from './locales/zh-Hans.json';
import ja from './locales/ja.json';
import { variantNames } from './names';

// Traditional Chinese twice: with Taiwan's names of powers and places (zh-Hant) and with
// Hong Kong's (zh-Hant-HK, 意大利 where Taiwan writes 義大利); the same words otherwise.
export const languages = ['en', 'zh-Hant', 'zh-Hant-HK', 'zh-Hans', 'ja'] as const;
export type Language = (typeof languages)[number];
export const languageLabels: Record<Language, string> = {
  en: 'English', 'zh-Hant': '台灣繁體', 'zh-Hant-HK': '香港繁體', 'zh-Hans': '简体中文', ja: '日本語',
};

export const uiResources = { en, 'zh-Hant': zhHant, 'zh-Hant-HK': zhHant, 'zh-Hans': zhHans, ja } as Record<Language, object>;
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

export const i18n = i18next.createInstance();
void i18n.init({
  lng: typeof window === 'undefined' ? 'en' : initialLanguage(),
  fallbackLng: false,
  initAsync: false,
  ns: ['translation', 'names'],
  interpolation: { escapeValue: false },
  resources: Object.fromEntries(
    languages.map((lang) => [lang, { translation: uiResources[lang], names: variantNames(lang) }]),
  ),
});
