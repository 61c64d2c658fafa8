// /games/{id}: loads the game and shows the Diplomacy or the Dragonchess page.
import { useEffect, useState } from 'preact/hooks';
import { api, type GameView, type User } from '../api';
import { useT } from '../ui/i18n';
import { DiplomacyPage } from '../diplomacy/DiplomacyPage';
import { DragonchessPage } from '../dragonchess/DragonchessPage';

export function GamePage({ id, user }: { id: string; user: User }) {
  const { t } = useT();
  const [view, setView] = useState<GameView | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    api.game(id).then(setView).catch((e) => setError((e as Error).message));
  }, [id]);
  if (error) return <p class="error" role="alert">{t('app.error', { message: error })}</p>;
  if (!view) return <p class="muted">{t('app.loading')}</p>;
  return view.game === 'diplomacy'
    ? <DiplomacyPage initial={view} user={user} />
    : <DragonchessPage initial={view} user={user} />;
}
