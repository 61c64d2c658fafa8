// The page hears every kind of event the server sends: EventSource gives a named event only
// to a listener of that name, so a kind missing from eventKinds is silently never heard
// (the agreements said "holding" after a partner broke one until the page was reloaded).
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { eventKinds } from '../src/game/events';

const platform = resolve(__dirname, '../../src/platform');
const header = readFileSync(resolve(__dirname, '../../include/stratagem/platform/effects.h'), 'utf8');

describe('event kinds', () => {
  it('every kind the platform documents or sends is listened to', () => {
    const table = header.slice(header.indexOf('// Kinds'), header.indexOf('struct Event'));
    const documented = [...table.matchAll(/"([a-z_]+)" \{/g)].map((m) => m[1]);
    const sent = readdirSync(platform).filter((f) => /\.(cpp|h)$/.test(f))
      .flatMap((f) => [...readFileSync(resolve(platform, f), 'utf8').matchAll(/events\.push_back\(\s*\{[^;]*?, "([a-z_]+)",/g)].map((m) => m[1]));
    expect(documented.length).toBeGreaterThan(15);
    expect(sent).toContain('deal');
    const heard = new Set(eventKinds);
    expect([...new Set([...documented, ...sent])].filter((kind) => !heard.has(kind))).toEqual([]);
  });
});
