// i18next set up with the UI strings (locales/*.json) and, in the "names" namespace, the
// power, province and coast names generated from the engine's variant file.
import i18next from 'i18next';
import en from './locales/en.json';
import zhHant from './locales/zh-Hant.json';
import zhHans from './locales/zh-Hans.json';
import ja from './locales/ja.json';
import { variantNames } from './names';
import { languages, initialLanguage, wordsOf, type Language } from './language';

export * from './language';
const files = { en, 'zh-Hant': zhHant, 'zh-Hans': zhHans, ja };
export const uiResources = Object.fromEntries(languages.map((language) => [language, files[wordsOf[language]]])) as Record<Language, object>;

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
