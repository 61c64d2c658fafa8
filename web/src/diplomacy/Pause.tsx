// Pausing the game: the creator pauses and resumes at once; a seated person asks, and the
// game pauses (or resumes) once every seated person has asked. A pause stops every
// deadline and the computer players, so the page asks before the click that pauses.
import { useState } from 'preact/hooks';
import { api, type DiplomacyView } from '../api';
import { Confirm } from '../ui/Confirm';
import { useT } from '../ui/i18n';

interface Props {
  view: DiplomacyView;
  onChanged: () => Promise<void>;
  onError: (message: string) => void;
}

/** "4 h 10 min" of the time a paused game had left, in the page's language. */
function timeLeft(t: (key: string, values?: Record<string, unknown>) => string, seconds: number) {
  const minutes = Math.ceil(Math.max(0, seconds) / 60);
  return minutes < 60 ? t('game.minutesLeft', { minutes }) : t('game.hoursLeft', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}

/** In the game's header: "Paused", with what was left of the phase. */
export function PauseTag({ view }: { view: DiplomacyView }) {
  const { t } = useT();
  const pause = view.pause;
  if (view.status !== 'active' || !pause?.paused) return null;
  return (
    <strong class="tag paused" role="status" data-paused>
      {t('game.paused', { left: timeLeft(t, pause.deadline_left_seconds ?? 0) })}
    </strong>
  );
}

export function PauseControl({ view, onChanged, onError }: Props) {
  const { t } = useT();
  const [asking, setAsking] = useState(false);
  const pause = view.pause;
  if (!pause || (!pause.by_creator && !pause.can_ask)) return null;
  const send = async (paused: boolean) => {
    setAsking(false);
    try {
      await api.pause(view.id, paused);
      await onChanged();
    } catch (e) {
      onError((e as Error).message);
    }
  };
  const wanted = !pause.paused;  // what a click asks for
  // This click pauses the game now: the creator's, or the last ask of all.
  const pausesNow = wanted && (pause.by_creator || (!pause.asked_by_me && pause.asked + 1 >= pause.needed));
  if (asking) {
    return (
      <Confirm action="pause" question={t('game.pauseConfirm')} detail={t('game.pauseDetail')} yes={t('game.pause')}
        onYes={() => void send(true)} onNo={() => setAsking(false)} />
    );
  }
  const label = pause.by_creator ? t(wanted ? 'game.pause' : 'game.resume')
    : pause.asked_by_me ? t('game.withdrawAsk')
      : t(wanted ? 'game.askPause' : 'game.askResume');
  return (
    <div class="row pause-control" data-pause={pause.paused ? 'paused' : 'running'}>
      <button type="button" data-action={pause.paused ? 'resume' : 'pause'} aria-pressed={pause.asked_by_me}
        onClick={() => (pausesNow ? setAsking(true) : void send(pause.asked_by_me ? pause.paused : wanted))}>
        {label}
      </button>
      {pause.asked > 0 && (
        <span class="muted" data-pause-asked={pause.asked}>
          {t(pause.paused ? 'game.resumeAsked' : 'game.pauseAsked', { asked: pause.asked, needed: pause.needed })}
        </span>
      )}
    </div>
  );
}
