// The game's Server-Sent Events (GET /api/v1/games/{id}/events): every kind the server
// sends triggers a reload of what it changed; EventSource reconnects by itself.
import { useEffect, useRef, useState } from 'preact/hooks';
import { api } from '../api';

// Every kind the server sends (include/stratagem/platform/effects.h): EventSource hands a
// named event only to a listener of that name, so a kind missing here is never heard.
export const eventKinds = ['player_joined', 'player_left', 'game_started', 'orders_given', 'orders', 'ready', 'phase_processed',
  'phase_started', 'press_closed', 'player_status', 'draw_vote', 'end_vote', 'alliance_end', 'message', 'treaty', 'deal',
  'game_paused', 'game_resumed', 'pause_asked', 'game_finished', 'move', 'draw_offer'];

export function useGameEvents(id: string, onEvent: (kind: string, data: unknown) => void) {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const [connected, setConnected] = useState(true);
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(api.eventsUrl(id));
    const listener = (e: MessageEvent) => {
      let data: unknown = null;
      try { data = JSON.parse(e.data); } catch { /* a payload that is not JSON is still a change */ }
      handler.current(e.type, data);
    };
    for (const kind of eventKinds) source.addEventListener(kind, listener as EventListener);
    source.onmessage = listener;
    source.onopen = () => setConnected(true);
    source.onerror = () => setConnected(source.readyState === EventSource.OPEN);
    return () => source.close();
  }, [id]);
  return connected;
}
