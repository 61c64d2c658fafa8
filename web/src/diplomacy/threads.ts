// Press as conversations: a message belongs to the public board ("all") or to the thread of
// the powers other than the reader's own that it concerns (its sender and recipients), so a
// group of three is one thread, apart from each pair. What the reader has read is kept per
// game and thread with the account on the server, so that unread marks survive a reload
// and are the same on every device.
import type { Message } from '../api';

export const kEverything = '*';
export const kPublic = 'all';

export function threadOf(message: Message, mine: string[]): string {
  if (message.to === 'all') return kPublic;
  const others = [...new Set([message.from, ...message.to])].filter((p) => !mine.includes(p)).sort();
  return others.join('+') || kPublic;
}

/** The last message id read, per thread ("*" for every thread at once), as the server
 * keeps it for the account (GET/PUT /games/{id}/press_read): every device agrees. */
export type Seen = Record<string, number>;

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
