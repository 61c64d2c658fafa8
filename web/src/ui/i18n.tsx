// Components read strings through useT(); the App provides the language, so changing it
// re-renders every text at once without a reload.
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { TFunction } from 'i18next';
import { i18n, uiResources, type Language } from '../i18n';
import type { GameView } from '../api';

export interface Translation { lang: Language; t: TFunction }
export const TranslationContext = createContext<Translation>({ lang: 'en', t: i18n.t.bind(i18n) });
export const useT = () => useContext(TranslationContext);

/** How the reader points, as the context of the words that say it: "touch" where a finger
 * taps (a phone), so that i18next picks `pickUnit_touch` ("Tap one of your units", タップ,
 * 點按, 点按) over `pickUnit` ("Click ..."). */
export const pointing = () => (typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches ? 'touch' : undefined);

/** "S1901M" in words: "Spring 1901 movement", "1901年春季行動", ... */
export function phaseName(t: TFunction, phase: string) {
  const m = /^([SFW])(\d+)([MRA])$/.exec(phase);
  if (!m) return phase;
  return t('game.phaseName', { season: t(`game.season_${m[1]}`), year: m[2], kind: t(`game.kind_${m[3]}`) });
}

/** A length of time in the words people use, in the reader's language: "6 minutes",
 * "1 hour 30 minutes", "2 days"; 「6 分」, 「6 分鐘」 (never "0.1 h"). */
export function durationWords(lang: Language, seconds: number) {
  const unit = (name: string, value: number) => new Intl.NumberFormat(lang, { style: 'unit', unit: name, unitDisplay: 'long' }).format(value);
  if (seconds % 86400 === 0) return unit('day', seconds / 86400);
  if (seconds % 3600 === 0) return unit('hour', seconds / 3600);
  if (seconds % 60 !== 0) return unit('second', seconds);
  const hours = Math.floor(seconds / 3600);
  const minutes = unit('minute', (seconds % 3600) / 60);
  return hours ? new Intl.ListFormat(lang, { type: 'unit', style: 'long' }).format([unit('hour', hours), minutes]) : minutes;
}

/** "S1901M" as the season and year alone: "Spring 1901", "1901年春季", "1901年春". */
export function seasonAndYear(t: TFunction, phase: string) {
  const m = /^([SFW])(\d+)[MRA]$/.exec(phase);
  return m ? t('game.seasonYear', { season: t(`game.season_${m[1]}`), year: m[2] }) : phase;
}

export const powerName = (t: TFunction, power: string) => t(`power.${power}`, { ns: 'names' });
export const provinceName = (t: TFunction, code: string) => {
  const [province, coast] = code.split('/');
  return coast ? t(`coast.${province}_${coast}`, { ns: 'names' }) : t(`province.${province}`, { ns: 'names' });
};

/** What the map writes for a province where its name does not fit (保加, ブル, BUL). */
export const provinceShort = (t: TFunction, code: string) => t(`short.${code}`, { ns: 'names' });
/** The word by a split coast's marker: 北岸 in Chinese and Japanese, NC in English. */
export const coastMark = (t: TFunction, location: string) => t(`coastMark.${location.replace('/', '_')}`, { ns: 'names' });

/** A unit type and a place as the reader's language writes them: "Army Paris", "パリの陸軍",
 * "陸軍巴黎" (the order of the two is the language's, in `game.unitAt`). */
function unitWords(t: TFunction, type: string, place: string) {
  return t('game.unitAt', { kind: t(type === 'A' ? 'game.army' : 'game.fleet'), place });
}

/** "Army Paris", "陸軍巴黎": a unit in the reader's words. */
export const unitName = (t: TFunction, type: 'A' | 'F', location: string) => unitWords(t, type, provinceName(t, location));

/** "England and Germany", "英國和德國", ...: a list in the reader's language. */
export const listOf = (lang: string, items: string[]) => new Intl.ListFormat(lang, { type: 'conjunction' }).format(items);

/** A clock time in the reader's locale: 24-hour in Chinese and Japanese ("14:05"). */
export function timeOfDay(date: Date, lang: string) {
  return new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit', hour12: lang === 'en' ? undefined : false }).format(date);
}

/** An order as a sentence in the reader's language, the one source of an order's words on
 * the page (the order list, the results, the map's titles, the history): "Army Smyrna
 * supports Army Constantinople", 「スミルナの陸軍がコンスタンティノープルの陸軍を支援」,
 * "Fleet built in Smyrna", from the canonical order; for a unit without an order, that it
 * had none; a unit alone ("A PAR": one still to order) is named. */
export function orderSentence(t: TFunction, order: string | null | undefined, unit?: string | null) {
  const place = (code: string) => provinceName(t, code);
  const unitOf = (type: string, at: string) => unitWords(t, type, place(at));
  if (!order) {
    const [type, at] = (unit ?? '').split(' ');
    return t('game.sentence.noOrder', { unit: unitOf(type, at) });
  }
  if (order === 'WAIVE') return t('game.sentence.waive');
  const w = order.split(' ');
  const me = unitOf(w[0], w[1]);
  switch (w[2]) {
    case undefined: return me;
    case 'H': return t('game.sentence.hold', { unit: me });
    case '-': return t(w[4] === 'VIA' ? 'game.sentence.moveVia' : 'game.sentence.move', { unit: me, to: place(w[3]) });
    case 'S': return w[5] === '-'
      ? t('game.sentence.supportMove', { unit: me, other: unitOf(w[3], w[4]), to: place(w[6]) })
      : t('game.sentence.supportHold', { unit: me, other: unitOf(w[3], w[4]) });
    case 'C': return t('game.sentence.convoy', { unit: me, other: unitOf(w[3], w[4]), to: place(w[6]) });
    case 'R': return t('game.sentence.retreat', { unit: me, to: place(w[3]) });
    case 'D': return t('game.sentence.disband', { unit: me });
    case 'B': return t('game.sentence.build', { kind: t(w[0] === 'A' ? 'game.army' : 'game.fleet'), place: place(w[1]) });
    default: return order;
  }
}

/** A game's name as the reader sees it. A game named after its kind in any of our languages
 * (what the create form gives a game left unnamed: "Diplomacy" made on an English page)
 * is named after its kind in the reader's language (外交, ディプロマシー); another name is
 * the players' own and stays as they wrote it. */
export function gameName(t: TFunction, game: { game: string; name?: string | null; id?: string }) {
  const kindName = `lobby.${game.game}`;
  const name = game.name?.trim();
  if (!name) return t(kindName) || game.id || '';
  const defaults = Object.values(uiResources).map((resources) => (resources as { lobby?: Record<string, string> }).lobby?.[game.game]);
  return defaults.includes(name) ? t(kindName) : name;
}

type Ending = { reason?: string; winners?: string[]; survivors?: string[] };

/** How a finished game ended, in the reader's words ("France wins", "Drawn between …",
 * "Gold wins by checkmate"); null while it is not finished. */
export function gameResult(t: TFunction, lang: string, view: GameView): string | null {
  if (view.status !== 'finished') return null;
  if (view.game === 'dragonchess') {
    const result = view.result;
    if (!result) return t('game.finished');
    const reason = t(`dc.reason_${result.reason}`);
    return result.winner ? t('dc.result', { winner: t(`lobby.${result.winner}`), reason }) : t('dc.draw', { reason });
  }
  const result = (view as { result?: Ending }).result;
  // A draw is shared by the survivors; every other ending names its winners.
  const named = result?.winners?.length ? result.winners : result?.survivors ?? [];
  const winners = named.length ? listOf(lang, named.map((p) => powerName(t, p))) : view.winner ? powerName(t, view.winner) : '';
  return result?.reason ? t(`game.end_${result.reason}`, { winners }) : winners ? t('game.winner', { power: winners }) : t('game.finished');
}
