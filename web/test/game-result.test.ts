import { describe, expect, it } from 'vitest';
import { i18n } from '../src/i18n';
import type { GameView } from '../src/api';
import { gameResult } from '../src/ui/i18n';

const diplomacy = (fields: object) => ({ game: 'diplomacy', winner: null, ...fields }) as unknown as GameView;
const dragonchess = (fields: object) => ({ game: 'dragonchess', ...fields }) as unknown as GameView;

describe('how a finished game ended', () => {
  it('names a Diplomacy draw\'s survivors and a victory\'s winner in the reader\'s language', () => {
    const draw = diplomacy({ status: 'finished', result: { reason: 'draw', survivors: ['FRANCE', 'GERMANY'] } });
    expect(gameResult(i18n.getFixedT('en'), 'en', draw)).toBe('Game over: a draw shared by France and Germany');
    const won = diplomacy({ status: 'finished', result: { reason: 'victory', winners: ['RUSSIA'] } });
    expect(gameResult(i18n.getFixedT('zh-Hant'), 'zh-Hant', won)).toBe('遊戲結束：俄羅斯擁有所需軍需區而勝出');
  });

  it('names a Dragonchess winner and why', () => {
    const resigned = dragonchess({ status: 'finished', result: { winner: 'gold', reason: 'resignation' } });
    expect(gameResult(i18n.getFixedT('zh-Hant'), 'zh-Hant', resigned)).toMatch(/^.+勝（認輸）$/);
  });

  it('says nothing of a game still being played', () => {
    expect(gameResult(i18n.getFixedT('en'), 'en', diplomacy({ status: 'active' }))).toBeNull();
  });
});
