import { languageLabels, languages, type Language } from '../i18n';
import { useT } from './i18n';

export function LanguageSelect({ onChange }: { onChange: (lang: Language) => void }) {
  const { lang, t } = useT();
  return (
    <label class="language">
      <span class="visually-hidden">{t('app.language')}</span>
      <select name="language" aria-label={t('app.language')} value={lang} onChange={(e) => onChange((e.target as HTMLSelectElement).value as Language)}>
        {languages.map((l) => <option key={l} value={l} lang={l}>{languageLabels[l]}</option>)}
      </select>
    </label>
  );
}
