import { describe, expect, it } from 'vitest';
import { threadOf, threadsOf } from '../src/diplomacy/threads';

const message = (id: string, from: string, to: string[] | 'all') => ({ id, from, to, text: 'x', sent_at: '', phase: 'S1901M' });

describe('press threads', () => {
  it('groups a message by the other powers it concerns', () => {
    expect(threadOf(message('1', 'ENGLAND', ['FRANCE']), ['ENGLAND'])).toBe('FRANCE');
    expect(threadOf(message('2', 'FRANCE', ['ENGLAND']), ['ENGLAND'])).toBe('FRANCE');
    expect(threadOf(message('3', 'FRANCE', ['ENGLAND', 'GERMANY']), ['ENGLAND'])).toBe('FRANCE+GERMANY');
    expect(threadOf(message('4', 'FRANCE', 'all'), ['ENGLAND'])).toBe('all');
  });
  it('counts unread per thread from what was seen', () => {
    const messages = [message('1', 'FRANCE', ['ENGLAND']), message('2', 'GERMANY', 'all'), message('3', 'FRANCE', ['ENGLAND'])];
    const threads = threadsOf(messages, ['ENGLAND'], { FRANCE: 1 });
    expect(threads.map((t) => [t.key, t.unread])).toEqual([['all', 1], ['FRANCE', 1]]);
    expect(threadsOf(messages, ['ENGLAND'], { '*': 3 }).every((t) => t.unread === 0)).toBe(true);
  });
});
