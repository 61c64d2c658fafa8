import { describe, expect, it } from 'vitest';
import { i18n } from '../src/i18n';
import { gameName } from '../src/ui/i18n';

describe('a game name as the reader sees it', () => {
  const zhHant = i18n.getFixedT('zh-Hant');
  const ja = i18n.getFixedT('ja');

  it('a game named after its kind in any language is named in the reader\'s language', () => {
    expect(gameName(zhHant, { game: 'diplomacy', name: 'Diplomacy' })).toBe('外交');
    expect(gameName(ja, { game: 'diplomacy', name: '强权外交' })).toBe('ディプロマシー');
    expect(gameName(ja, { game: 'dragonchess', name: 'Dragonchess' })).toBe('ドラゴンチェス');
    expect(gameName(i18n.getFixedT('en'), { game: 'dragonchess', name: '龍棋' })).toBe('Dragonchess');
  });

  it('a name the players gave stays as they wrote it', () => {
    expect(gameName(ja, { game: 'diplomacy', name: 'Friday game' })).toBe('Friday game');
    expect(gameName(zhHant, { game: 'diplomacy', name: 'Diplomacy night' })).toBe('Diplomacy night');
    // Another kind's name is a name like any other.
    expect(gameName(zhHant, { game: 'dragonchess', name: 'Diplomacy' })).toBe('Diplomacy');
  });

  it('a game without a name is named after its kind', () => {
    expect(gameName(zhHant, { game: 'dragonchess', name: '', id: '12' })).toBe('龍棋');
  });
});
