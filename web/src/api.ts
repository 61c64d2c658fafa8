// The game server's HTTP API (../shared/contracts/server-api.md): a fetch wrapper that
// adds the session token and turns the contract's error body into an ApiError.
import type * as T from './api-types';
export type * from './api-types';

const tokenKey = 'stratagem.token';

export class ApiError extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message);
  }
}

export const session = {
  get token() { return localStorage.getItem(tokenKey); },
  set token(value: string | null) {
    if (value) localStorage.setItem(tokenKey, value);
    else localStorage.removeItem(tokenKey);
  },
};

let language = 'en';
export function setApiLanguage(value: string) { language = value; }

export async function request<R>(method: string, path: string, body?: unknown): Promise<R> {
  const headers: Record<string, string> = { 'Accept-Language': language };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (session.token) headers.Authorization = `Bearer ${session.token}`;
  const response = await fetch(`/api/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  const data = text ? JSON.parse(text) : null;
  if (!response.ok) {
    const error = data?.error ?? {};
    throw new ApiError(response.status, error.code ?? 'internal', error.message ?? `${response.status} ${response.statusText}`);
  }
  return data as R;
}

/** A game still forming has no position yet: empty lists instead of missing fields. */
function withDefaults(view: T.GameView): T.GameView {
  if (view.game !== 'diplomacy') return { ...view, moves: view.moves ?? [], legal_moves: view.legal_moves ?? [] };
  return { ...view, phase: view.phase ?? null, units: view.units ?? {}, centers: view.centers ?? {}, powers: view.powers ?? {}, my_powers: view.my_powers ?? [], winner: view.winner ?? null };
}

export const api = {
  signUp: (name: string, password: string, lang: string) => request<T.CreatedUser>('POST', '/users', { name, password, language: lang }),
  signIn: (name: string, password: string) => request<{ token: string }>('POST', '/sessions', { name, password }),
  signOut: () => request<void>('DELETE', '/sessions'),
  me: () => request<T.User>('GET', '/me'),
  setLanguage: (lang: string) => request<T.User>('PATCH', '/me', { language: lang }),
  games: () => request<T.GameSummary[]>('GET', '/games'),
  createGame: (body: T.NewGame) => request<{ id: string }>('POST', '/games', body),
  game: (id: string) => request<T.GameView>('GET', `/games/${id}`).then(withDefaults),
  join: (id: string, power?: string) => request<{ power?: string | null; side?: string }>('POST', `/games/${id}/join`, power ? { power } : {}),
  putOrders: (id: string, phase: string, orders: Record<string, string[]>) =>
    request<{ orders: Record<string, T.OrderEcho[]> }>('PUT', `/games/${id}/orders`, { phase, orders }),
  ready: (id: string, power: string, ready: boolean) => request<unknown>('POST', `/games/${id}/ready`, { power, ready }),
  voteDraw: (id: string, power: string, draw: boolean) => request<unknown>('POST', `/games/${id}/draw_vote`, { power, draw }),
  voteEnd: (id: string, power: string, end: boolean) => request<unknown>('POST', `/games/${id}/end_vote`, { power, end }),
  pause: (id: string, paused: boolean) => request<{ paused: boolean; asked: number; needed: number }>('POST', `/games/${id}/pause`, { paused }),
  phases: (id: string) => request<T.PhaseRecord[]>('GET', `/games/${id}/phases`),
  messages: (id: string) => request<T.Message[]>('GET', `/games/${id}/messages`),
  send: (id: string, from: string, to: string[] | 'all', text: string) => request<T.Message>('POST', `/games/${id}/messages`, { from, to, text }),
  // Structured press (DAIDE text or its JSON), with or without words; `deal` when it concluded one.
  sendPress: (id: string, from: string, to: string[] | 'all', press: string | object, text = '') =>
    request<{ id: string; deal?: string }>('POST', `/games/${id}/messages`, { from, to, press, ...(text ? { text } : {}) }),
  deals: (id: string) => request<T.Deal[]>('GET', `/games/${id}/deals`),
  pressRead: (id: string) => request<Record<string, number>>('GET', `/games/${id}/press_read`),
  markPressRead: (id: string, thread: string, last: number) =>
    request<Record<string, number>>('PUT', `/games/${id}/press_read`, { thread, last_read: last }),
  proposeTreaty: (id: string, from: string, parties: string[], text: string) => request<T.Treaty>('POST', `/games/${id}/treaties`, { from, parties, text }),
  signTreaty: (id: string, treaty: string, power: string) => request<unknown>('POST', `/games/${id}/treaties/${treaty}/sign`, { power }),
  publishTreaty: (id: string, treaty: string, power: string) => request<unknown>('POST', `/games/${id}/treaties/${treaty}/publish`, { power }),
  move: (id: string, move: string) => request<T.DragonchessView>('POST', `/games/${id}/moves`, { move }),
  resign: (id: string) => request<unknown>('POST', `/games/${id}/resign`, {}),
  draw: (id: string, action: 'offer' | 'accept' | 'decline') => request<unknown>('POST', `/games/${id}/draw`, { action }),
  eventsUrl: (id: string) => `/api/v1/games/${id}/events?token=${encodeURIComponent(session.token ?? '')}`,
};
