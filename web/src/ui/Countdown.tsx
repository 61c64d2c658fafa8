import { useEffect, useState } from 'preact/hooks';
import { useT } from './i18n';

export function formatDuration(ms: number) {
  const s = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return d > 0 ? `${d}d ${two(h)}:${two(m)}:${two(sec)}` : `${two(h)}:${two(m)}:${two(sec)}`;
}

/** Time left until an RFC 3339 deadline, ticking each second. */
export function Countdown({ deadline }: { deadline: string | null | undefined }) {
  const { t } = useT();
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (!deadline) return <span class="countdown">{t('game.noDeadline')}</span>;
  const left = Date.parse(deadline) - now;
  return (
    <time class="countdown" dateTime={deadline} title={new Date(deadline).toLocaleString()}>
      {left > 0 ? t('game.timeLeft', { time: formatDuration(left) }) : t('game.deadlinePassed')}
    </time>
  );
}
