// The pages a notice's mail links to, which work without signing in: the token in the
// address is the proof. Each acts only on a button's press (a POST), never on opening,
// so that a mail scanner that follows links confirms or stops nothing.
import { useState } from 'preact/hooks';
import { useT } from '../ui/i18n';
import { noticesApi } from './api';

function TokenPage({ title, explain, action, done, run }: {
  title: string; explain: string; action: string; done: (address: string) => string; run: () => Promise<{ address: string }>;
}) {
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const press = async () => {
    setBusy(true);
    try {
      setResult({ ok: true, text: done((await run()).address) });
    } catch (e) {
      setResult({ ok: false, text: (e as Error).message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="card token-page">
      <h1>{title}</h1>
      {result ? <p class={result.ok ? '' : 'error'} role={result.ok ? 'status' : 'alert'} data-result={result.ok ? 'ok' : 'error'}>{result.text}</p> : (
        <>
          <p>{explain}</p>
          <button type="button" class="primary" data-action="token-page" disabled={busy} onClick={() => void press()}>{action}</button>
        </>
      )}
    </section>
  );
}

export function ConfirmEmailPage({ token }: { token: string }) {
  const { t } = useT();
  return <TokenPage title={t('notices.confirmTitle')} explain={t('notices.confirmExplain')} action={t('notices.confirm')}
    done={(address) => t('notices.confirmed', { address })} run={() => noticesApi.confirmEmail(token)} />;
}

export function UnsubscribePage({ token }: { token: string }) {
  const { t } = useT();
  return <TokenPage title={t('notices.unsubscribeTitle')} explain={t('notices.unsubscribeExplain')} action={t('notices.unsubscribe')}
    done={(address) => t('notices.unsubscribed', { address })} run={() => noticesApi.unsubscribe(token)} />;
}
