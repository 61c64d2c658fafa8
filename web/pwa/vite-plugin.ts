// The installable web app, made at build time from the build itself:
//  - manifest-{language}.webmanifest: one manifest a language (the client links the
//    reader's), with the words of the locale files' "pwa" section;
//  - offline.html: the words of every language put into the page;
//  - sw.js: pwa/service-worker.js with the list of the build's files to keep (the hashed
//    assets, the offline page, the manifests and icons) and a version from their contents,
//    so a new build installs a new worker and the old cache goes.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { languages, wordsOf } from '../src/i18n/language.ts';

export const themeColor = '#1f5fa8';
const backgroundColor = '#f6f3ec';

type PwaWords = { name: string; shortName: string; description: string; offlineTitle: string; offlineBody: string; retry: string };

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]);
}

export function webApp(): Plugin {
  const here = resolve(import.meta.dirname);
  const words = Object.fromEntries(languages.map((language) => [language,
    (JSON.parse(readFileSync(resolve(here, `../src/i18n/locales/${wordsOf[language]}.json`), 'utf8')) as { pwa: PwaWords }).pwa]));
  let config: ResolvedConfig;
  const manifest = (language: string) => {
    const w = words[language];
    return JSON.stringify({
      id: '/',
      name: w.name,
      short_name: w.shortName,
      description: w.description,
      lang: language,
      dir: 'ltr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'any',
      theme_color: themeColor,
      background_color: backgroundColor,
      icons: [
        { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    }, null, 1);
  };
  return {
    name: 'stratagem-web-app',
    apply: 'build',
    enforce: 'post',  // after Vite's own, so that the bundle holds the built pages
    configResolved(resolved) { config = resolved; },
    transformIndexHtml(html, context) {
      if (!context.filename.endsWith('offline.html')) return html;
      const offline = Object.fromEntries(languages.map((language) => {
        const { offlineTitle, offlineBody, retry } = words[language];
        return [language, { offlineTitle, offlineBody, retry }];
      }));
      // Inside <script>: nothing may close the element.
      return html.replace('<!--offline-words-->', JSON.stringify(offline).replace(/</g, '\\u003c'));
    },
    generateBundle(_options, bundle) {
      const version = createHash('sha256');
      const kept: string[] = [];
      for (const language of languages) {
        const fileName = `manifest-${language}.webmanifest`;
        const source = manifest(language);
        this.emitFile({ type: 'asset', fileName, source });
        kept.push(`/${fileName}`);
        version.update(fileName).update(source);
      }
      // index.html is not kept: a page that cannot be fetched is the offline page.
      for (const [fileName, output] of Object.entries(bundle).sort(([a], [b]) => a.localeCompare(b))) {
        if (fileName.endsWith('.map') || fileName.endsWith('.webmanifest') || fileName === 'index.html') continue;
        kept.push(`/${fileName}`);
        version.update(fileName).update(output.type === 'chunk' ? output.code : output.source);
      }
      if (!kept.includes('/offline.html')) this.error('the build has no offline.html for the service worker');
      for (const file of filesUnder(config.publicDir).sort()) {
        const name = relative(config.publicDir, file).split('\\').join('/');
        kept.push(`/${name}`);
        version.update(name).update(readFileSync(file));
      }
      const template = readFileSync(resolve(here, 'service-worker.js'), 'utf8');
      const worker = template
        .replace('self.__SHELL__', JSON.stringify(kept.sort()))
        .replace('__VERSION__', version.digest('hex').slice(0, 16));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: worker });
    },
  };
}
