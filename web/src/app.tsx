// The shell: session, language, header and the addresses of the contract ("/" the lobby,
// "/games/{id}" a game), the notices' settings ("/settings") and the pages a notice's
// mail links to, which work without signing in ("/confirm-email/{token}",
// "/unsubscribe/{token}").
import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import { lazy, Suspense } from 'preact/compat';
import { api, ApiError, session, setApiLanguage, type User } from './api';
import { i18n, isLanguage, rememberLanguage, type Language } from './i18n';
import { TranslationContext } from './ui/i18n';
import { LanguageSelect } from './ui/LanguageSelect';
import { Lobby } from './lobby/Lobby';
import { AuthForm } from './lobby/AuthForm';
import { navigate } from './ui/navigate';

// Game pages load on demand: the map and the boards never delay the lobby's first paint.
const GamePage = lazy(() => import('./game/GamePage').then((m) => ({ default: m.GamePage })));
const NoticeSettingsPage = lazy(() => import('./notices/NoticeSettingsPage').then((m) => ({ default: m.NoticeSettingsPage })));
const ConfirmEmailPage = lazy(() => import('./notices/TokenPages').then((m) => ({ default: m.ConfirmEmailPage })));
const UnsubscribePage = lazy(() => import('./notices/TokenPages').then((m) => ({ default: m.UnsubscribePage })));

export function App() {
  const [lang, setLang] = useState<Language>(i18n.language as Language);
  const [path, setPath] = useState(location.pathname);
  const [user, setUser] = useState<User | null>(null);
  const [checking, setChecking] = useState(Boolean(session.token));
  // A language the person picked on the sign-in page is theirs: kept through signing in
  // and saved to the account, instead of the account's older one replacing it.
  const [pickedBeforeSignIn, setPickedBeforeSignIn] = useState(false);

  const applyLanguage = useCallback((next: Language) => {
    void i18n.changeLanguage(next);
    rememberLanguage(next);
    setApiLanguage(next);
    document.documentElement.lang = next;
    setLang(next);
  }, []);

  useEffect(() => { applyLanguage(lang); }, []);
  useEffect(() => {
    const onPop = () => setPath(location.pathname);
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);
  useEffect(() => {
    if (!session.token) return;
    api.me()
      .then((me) => {
        setUser(me);
        if (isLanguage(me.language) && me.language !== lang) applyLanguage(me.language);
      })
      .catch((e) => { if (e instanceof ApiError && e.status === 401) session.token = null; })
      .finally(() => setChecking(false));
  }, []);

  const chooseLanguage = (next: Language) => {
    applyLanguage(next);
    if (user) api.setLanguage(next).then(setUser).catch(() => undefined);
    else setPickedBeforeSignIn(true);
  };
  const signedIn = (token: string, me: User) => {
    session.token = token;
    setUser(me);
    if (me.language === lang) return;
    if (pickedBeforeSignIn) api.setLanguage(lang).then(setUser).catch(() => undefined);
    else if (isLanguage(me.language)) applyLanguage(me.language);
  };
  const signOut = () => {
    api.signOut().catch(() => undefined);
    session.token = null;
    setUser(null);
    navigate('/');
  };

  const translation = useMemo(() => ({ lang, t: i18n.getFixedT(lang) }), [lang]);
  const t = translation.t;
  const gameId = /^\/games\/([^/]+)$/.exec(path)?.[1];
  const tokenPage = /^\/(confirm-email|unsubscribe)\/([^/]+)$/.exec(path);
  useEffect(() => { document.title = t('app.title'); }, [t]);

  return (
    <TranslationContext.Provider value={translation}>
      <header class="topbar">
        <a class="brand" href="/" onClick={(e) => { e.preventDefault(); navigate('/'); }}>{t('app.title')}</a>
        <nav>
          {user && <span class="who">{user.name}</span>}
          {user && <a href="/settings" class="link" data-action="notice-settings" onClick={(e) => { e.preventDefault(); navigate('/settings'); }}>{t('notices.nav')}</a>}
          <LanguageSelect onChange={chooseLanguage} />
          {user && <button type="button" class="link" onClick={signOut}>{t('app.signOut')}</button>}
        </nav>
      </header>
      <main id="main">
        {tokenPage ? (
            <Suspense fallback={<p class="muted">{t('app.loading')}</p>}>
              {tokenPage[1] === 'confirm-email' ? <ConfirmEmailPage token={tokenPage[2]} /> : <UnsubscribePage token={tokenPage[2]} />}
            </Suspense>
          )
          : checking ? <p class="muted">{t('app.loading')}</p>
          : !user ? <AuthForm lang={lang} onSignedIn={signedIn} />
          : path === '/settings' ? (
            <Suspense fallback={<p class="muted">{t('app.loading')}</p>}>
              <NoticeSettingsPage user={user} />
            </Suspense>
          )
          : gameId ? (
            <Suspense fallback={<p class="muted">{t('app.loading')}</p>}>
              <GamePage id={gameId} user={user} />
            </Suspense>
          )
          : <Lobby user={user} />}
      </main>
    </TranslationContext.Provider>
  );
}
