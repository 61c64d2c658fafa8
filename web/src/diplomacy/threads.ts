// Press as conversations: a message belongs to the public board ("all") or to the thread of
// the powers other than the reader's own that it concerns (its sender and recipients), so a
// group of three is one thread, apart from each pair. What the reader has seen is kept per
// game and thread in localStorage, so unread marks survive a reload.
import type { Message } from '../api';

export const kEverything = '*';
export const kPublic = 'all';

export function threadOf(message: Message, mine: string[]): string {
  if (message.to === 'all') return kPublic;
  const others = [...new Set([message.from, ...message.to])].filter((p) => !mine.includes(p)).sort();
  return others.join('+') || kPublic;
}

/** The last message id seen, per thread ("*" for every thread at once). */
export type Seen = Record<string, number>;

const storageKey = (game: string) => `stratagem.seen.${game}`;

export function loadSeen(game: string): Seen {
  const stored = localStorage.getItem(storageKey(game));
  if (!stored) return {};
  try {
    const value = JSON.parse(stored) as unknown;
    if (typeof value === 'number') return { [kEverything]: value };  // written by earlier versions
    return value && typeof value === 'object' ? (value as Seen) : {};
  } catch {
    return {};
  }
}

export function saveSeen(game: string, seen: Seen) {
  localStorage.setItem(storageKey(game), JSON.stringify(seen));
}

export const isUnread = (message: Message, thread: string, seen: Seen) =>
  Number(message.id) > Math.max(seen[thread] ?? 0, seen[kEverything] ?? 0);

/** Threads, newest activity first, with their unread counts; the public board always. */
export function threadsOf(messages: Message[], mine: string[], seen: Seen) {
  const threads = new Map<string, { key: string; last: number; unread: number }>();
  threads.set(kPublic, { key: kPublic, last: 0, unread: 0 });
  for (const m of messages) {
    const key = threadOf(m, mine);
    const entry = threads.get(key) ?? { key, last: 0, unread: 0 };
    entry.last = Math.max(entry.last, Number(m.id));
    if (isUnread(m, key, seen)) entry.unread += 1;
    threads.set(key, entry);
  }
  return [...threads.values()].sort((a, b) => (a.key === kPublic ? -1 : b.key === kPublic ? 1 : b.last - a.last));
}
