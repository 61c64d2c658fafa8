// One form, two buttons: outside tests (and people) fill name and password, then press
// "Sign in" or "Sign up" (data-action sign-in / sign-up).
import { useState } from 'preact/hooks';
import { api, type User } from '../api';
import { useT } from '../ui/i18n';
import { formProblem } from '../ui/formCheck';

export function AuthForm({ lang, onSignedIn }: { lang: string; onSignedIn: (token: string, me: User) => void }) {
  const { t } = useT();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    const problem = formProblem(t, e.currentTarget as HTMLFormElement);
    if (problem) return setError(problem);
    const form = new FormData(e.currentTarget as HTMLFormElement);
    const name = String(form.get('name') ?? '').trim();
    const password = String(form.get('password') ?? '');
    const action = (e.submitter as HTMLElement | null)?.dataset.action ?? 'sign-in';
    setBusy(true);
    setError('');
    try {
      if (action === 'sign-up') {
        const created = await api.signUp(name, password, lang);
        onSignedIn(created.token, created);
      } else {
        const { token } = await api.signIn(name, password);
        localStorage.setItem('stratagem.token', token);
        onSignedIn(token, await api.me());
      }
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="auth card">
      <h1>{t('app.title')}</h1>
      <p class="muted">{t('auth.welcome')}</p>
      <form onSubmit={submit} noValidate aria-label={`${t('auth.signIn')} / ${t('auth.signUp')}`}>
        <label>{t('auth.name')}<input name="name" autocomplete="username" required maxLength={32} aria-describedby="name-hint" /></label>
        <p class="hint muted" id="name-hint">{t('auth.nameHint')}</p>
        <label>{t('auth.password')}<input name="password" type="password" autocomplete="current-password" required minLength={8} maxLength={256} aria-describedby="password-hint" /></label>
        <p class="hint muted" id="password-hint">{t('auth.passwordHint')}</p>
        {error && <p class="error" role="alert">{error}</p>}
        <div class="row">
          <button type="submit" class="primary" data-action="sign-in" disabled={busy}>{t('auth.signIn')}</button>
          <span class="muted">{t('auth.noAccount')}</span>
          <button type="submit" data-action="sign-up" disabled={busy}>{t('auth.signUp')}</button>
        </div>
      </form>
    </section>
  );
}
