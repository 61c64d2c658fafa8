// "Notify this device" on the settings page: the browser subscribes through the service
// worker's push manager with the server's VAPID key (GET /push/key), and the server is
// given the subscription (POST /me/push_subscriptions); turning it off removes it on both.
// The state shown is this device's: on, off, not supported by this browser, or blocked by
// the browser's permission.
import { useEffect, useState } from 'preact/hooks';
import { useT } from '../ui/i18n';
import { noticesApi } from './api';

type DeviceState = 'checking' | 'unsupported' | 'blocked' | 'off' | 'on';

function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** PushManager.subscribe's applicationServerKey from the API's base64url text. */
function keyBytes(base64url: string): ArrayBuffer {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)).buffer;
}

/** The browser's subscription of this page's worker, if it has one. */
async function browserSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.ready;
  return registration.pushManager.getSubscription();
}

/** This device's subscription as the server keeps it (by its endpoint). */
async function serverSubscription(endpoint: string) {
  const { subscriptions } = await noticesApi.pushSubscriptions();
  return subscriptions.find((s) => s.endpoint === endpoint) ?? null;
}

async function currentState(): Promise<DeviceState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const subscription = await browserSubscription();
  if (!subscription || Notification.permission !== 'granted') return 'off';
  return (await serverSubscription(subscription.endpoint)) ? 'on' : 'off';
}

async function turnOn(): Promise<DeviceState> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';  // the reader closed the browser's question
  const { public_key } = await noticesApi.pushKey();
  const registration = await navigator.serviceWorker.ready;
  // A subscription made with another key (the server's key changed) cannot be used.
  const old = await registration.pushManager.getSubscription();
  if (old) await old.unsubscribe();
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(public_key) });
  const { endpoint, keys } = subscription.toJSON();
  await noticesApi.addPushSubscription({ endpoint: endpoint ?? subscription.endpoint, keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' } });
  return 'on';
}

async function turnOff(): Promise<DeviceState> {
  const subscription = await browserSubscription();
  if (subscription) {
    const kept = await serverSubscription(subscription.endpoint);
    if (kept) await noticesApi.removePushSubscription(kept.id);
    await subscription.unsubscribe();
  }
  return 'off';
}

export function PushDevice() {
  const { t } = useT();
  const [state, setState] = useState<DeviceState>('checking');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => { currentState().then(setState, () => setState('off')); }, []);
  const change = async (work: () => Promise<DeviceState>) => {
    setError('');
    setBusy(true);
    try {
      setState(await work());
    } catch (e) {
      setError(t('notices.deviceFailed', { reason: (e as Error).message }));
      setState(await currentState().catch((): DeviceState => 'off'));
    } finally {
      setBusy(false);
    }
  };
  if (state === 'checking') return <p class="muted" data-device="checking">{t('app.loading')}</p>;
  return (
    <div data-device={state}>
      <p class={state === 'on' ? '' : 'muted'}>{t(`notices.device_${state}`)}</p>
      {state === 'off' && (
        <button type="button" class="primary" data-action="push-on" disabled={busy} onClick={() => void change(turnOn)}>
          {t('notices.deviceTurnOn')}
        </button>
      )}
      {state === 'on' && (
        <button type="button" data-action="push-off" disabled={busy} onClick={() => void change(turnOff)}>
          {t('notices.deviceTurnOff')}
        </button>
      )}
      {error && <p class="error" role="alert">{error}</p>}
    </div>
  );
}
