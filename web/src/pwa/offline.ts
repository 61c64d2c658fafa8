// The "no connection" page in the reader's language: the one the client would pick
// (stored choice, else the browser's), with words the build put into the page.
import { initialLanguage, type Language } from '../i18n/language';
import '../styles.css';

type OfflineWords = { offlineTitle: string; offlineBody: string; retry: string };

const words = JSON.parse(document.getElementById('offline-words')!.textContent!) as Record<Language, OfflineWords>;
const language = initialLanguage();
const chosen = words[language];
document.documentElement.lang = language;
document.title = chosen.offlineTitle;
document.getElementById('offline-title')!.textContent = chosen.offlineTitle;
document.getElementById('offline-body')!.textContent = chosen.offlineBody;
const retry = document.getElementById('offline-retry')!;
retry.textContent = chosen.retry;
// The page stands in for the address the reader asked for: trying again is loading it.
retry.addEventListener('click', () => location.reload());
