// The installable web app in the page: the manifest of the reader's language (its name
// and description on the home screen) and the service worker (pwa/service-worker.js,
// built with the client).
import { i18n } from '../i18n';

export function startWebApp() {
  const manifest = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  const follow = (language: string) => { if (manifest) manifest.href = `/manifest-${language}.webmanifest`; };
  follow(i18n.language);
  i18n.on('languageChanged', follow);
  if (!('serviceWorker' in navigator)) return;
  // Only the built client has a worker (not Vite's development server): without one the
  // page works the same, online only.
  navigator.serviceWorker.register('/sw.js').catch((error: unknown) => console.warn('no service worker:', error));
}
