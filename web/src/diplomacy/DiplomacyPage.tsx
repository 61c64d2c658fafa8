// A Diplomacy game: the map with click-to-order, typed orders, the order list with each
// order's status, ready, the countdown, results, history, press, live over SSE.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { api, type Deal, type DiplomacyView, type Message, type OrderEcho, type PhaseRecord, type User } from '../api';
import { useT, gameName, gameResult, listOf, orderSentence, phaseName, pointing, powerName, provinceName, timeOfDay, unitName } from '../ui/i18n';
import { Countdown } from '../ui/Countdown';
import { useGameEvents } from '../game/events';
import { MapView, type DrawnOrder } from './MapView';
import { powerColours } from './colours';
import { emptyDraft, Press, type Draft } from './Press';
import { formProblem } from '../ui/formCheck';
import { MapPrompt } from './MapPrompt';
import { Votes, VoteTally } from './Votes';
import { PauseControl, PauseTag } from './Pause';
import { Confirm } from '../ui/Confirm';
import { isUnread, threadOf, type Seen } from './threads';
import * as board from './board';
import type { Unit } from './board';

type Mode =
  | { kind: 'idle' }
  | { kind: 'unit'; unit: Unit; targets: string[] }
  | { kind: 'coast'; unit: Unit; options: string[]; make: (location: string) => string }
  | { kind: 'support-unit'; unit: Unit }
  | { kind: 'support-target'; unit: Unit; supported: Unit; targets: string[] }
  | { kind: 'convoy-army'; unit: Unit }
  | { kind: 'convoy-target'; unit: Unit; army: Unit; targets: string[] }
  | { kind: 'build'; province: string; power: string };

type Tab = 'orders' | 'press' | 'powers';

export function DiplomacyPage({ initial, user }: { initial: DiplomacyView; user: User }) {
  const { t, lang } = useT();
  const [view, setView] = useState(initial);
  const [phases, setPhases] = useState<PhaseRecord[]>([]);
  const [messages, setMessages] = useState<Message[]>([]);
  const [drafts, setDrafts] = useState<Record<string, OrderEcho[]>>(initial.my_orders ?? {});
  // An order as the list shows it: its sentence once the server has read it (or while one
  // in the canonical form is on its way), else what the person typed.
  const ordered = (o: OrderEcho) => (o.order ? orderSentence(t, o.order)
    : /^[AF] [A-Z]{3}(\/[A-Z]{2})? /.test(o.input) ? orderSentence(t, o.input) : o.input);
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const [historyIndex, setHistoryIndex] = useState<number | null>(null);
  const [tab, setTab] = useState<Tab>('orders');
  const [error, setError] = useState('');
  const [typedPower, setTypedPower] = useState(initial.my_powers[0] ?? '');
  const [confirmReady, setConfirmReady] = useState(false);
  // When the orders of a phase were last saved: said only in that phase, while it has orders.
  const [saved, setSaved] = useState<{ phase: string; at: Date } | null>(null);
  // What the account has read, per conversation: the server's, so every device agrees.
  const [seen, setSeen] = useState<Seen>({});
  // The press composer's recipients and words outlive a visit to another tab.
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const id = view.id;

  const reloadView = async () => {
    const next = (await api.game(id)) as DiplomacyView;
    setView((previous) => {
      if (previous.phase !== next.phase) {
        setDrafts(next.my_orders ?? {});
        setMode({ kind: 'idle' });
        setHistoryIndex(null);
      }
      return next;
    });
    if (next.my_powers.length && !next.my_powers.includes(typedPower)) setTypedPower(next.my_powers[0]);
  };
  // The phases list is read again whenever the game moves on; until it has come, the
  // history buttons wait, so "previous" never counts back from a list one phase short.
  const [phasesAt, setPhasesAt] = useState<string | null>(null);
  const phasesAsked = useRef(0);
  const reloadPhases = (at: string | null) => {
    const asked = ++phasesAsked.current;
    // An answer overtaken by a later request would put back an older list.
    return api.phases(id).then((list) => { if (asked === phasesAsked.current) { setPhases(list); setPhasesAt(at); } }).catch(() => undefined);
  };
  const reloadMessages = () => api.messages(id).then(setMessages).catch(() => undefined);
  const [deals, setDeals] = useState<Deal[]>([]);
  const reloadDeals = () => api.deals(id).then(setDeals).catch(() => undefined);
  // Proposals and deals come as sentences in the account's language: read again when it changes.
  const reloadSeen = () => api.pressRead(id).then(setSeen).catch(() => undefined);
  useEffect(() => { void reloadMessages(); void reloadDeals(); }, [id, user.language]);
  useEffect(() => { void reloadPhases(view.phase ?? null); }, [id, user.language, view.phase, view.status]);
  // Read marks come from the server at first and whenever the page is looked at again
  // (another device may have read meanwhile).
  useEffect(() => {
    void reloadSeen();
    const again = () => { if (document.visibilityState === 'visible') void reloadSeen(); };
    document.addEventListener('visibilitychange', again);
    return () => document.removeEventListener('visibilitychange', again);
  }, [id]);
  const connected = useGameEvents(id, (kind) => {
    if (kind === 'message') void reloadMessages();
    else if (kind === 'treaty') void reloadView();
    else if (kind === 'deal') void reloadDeals();
    else {
      void reloadView();
      // A processed phase judges the agreements; the end of the game keeps those left.
      if (kind === 'phase_processed' || kind === 'game_finished') void reloadDeals();
    }
  });

  const phase = view.phase ?? '';
  const kind = phase.slice(-1) as 'M' | 'R' | 'A';
  const mine = new Set(view.my_powers);
  const active = view.status === 'active';
  const live = view.options?.deadlines === 'live';
  // A game waiting for players shows the start position in the powers' home colours.
  const waiting = view.status === 'forming' && !Object.values(view.units ?? {}).some((list) => list.length);
  const units = useMemo(() => board.unitsOf(waiting ? board.startUnits : view.units), [view.units, waiting]);
  const centres = waiting ? board.startCentres : view.centers;
  const dislodged = useMemo(() => Object.entries(view.retreats ?? {}).flatMap(([power, list]) =>
    Object.keys(list).map((u) => board.parseUnit(u, power))), [view.retreats]);

  // What each of the user's powers still has to order: its units (or dislodged units) with
  // no stored order, or its owed builds and removals not yet written.
  const unordered = (power: string): string[] => {
    if (!active || view.powers[power]?.to_order === false) return [];
    const given = (drafts[power] ?? []).filter((o) => o.order).map((o) => o.order!);
    const orderedUnits = new Set(given.map(board.orderedUnit));
    if (kind === 'M') return units.filter((u) => u.power === power).map(board.unitText).filter((u) => !orderedUnits.has(u));
    if (kind === 'R') return dislodged.filter((u) => u.power === power).map(board.unitText).filter((u) => !orderedUnits.has(u));
    const owed = (view.centers[power]?.length ?? 0) - units.filter((u) => u.power === power).length;
    if (owed > 0) {
      const possible = Math.min(owed, board.buildSites(power, view.centers, units).length);
      const written = given.filter((o) => / B$/.test(o) || o === 'WAIVE').length;
      return Array<string>(Math.max(0, possible - written)).fill('build');
    }
    const removals = given.filter((o) => / D$/.test(o)).length;
    return Array<string>(Math.max(0, -owed - removals)).fill('disband');
  };
  const stillToOrderBy = Object.fromEntries(view.my_powers.map((power) => [power, unordered(power)]));
  const stillToOrder = Object.values(stillToOrderBy).flat();

  // ---------------------------------------------------------------- orders
  const save = async (power: string, list: OrderEcho[]) => {
    setDrafts((d) => ({ ...d, [power]: list }));
    try {
      const kept = list.filter((o) => !o.error).map((o) => o.order ?? o.input);
      const answer = await api.putOrders(id, phase, { [power]: kept });
      // An order the server says a later one replaced is gone, not refused.
      const echoed = (answer.orders[power] ?? []).filter((o) => !o.replaced);
      const refusedBefore = list.filter((o) => o.error);
      setDrafts((d) => ({ ...d, [power]: [...echoed, ...refusedBefore.filter((r) => !echoed.some((e) => e.input === r.input))] }));
      setSaved({ phase, at: new Date() });
      setError('');
    } catch (e) {
      setError((e as Error).message);
    }
  };
  // The new order goes last: the server keeps it over an earlier one for the same unit
  // (and drops it, keeping the old one, when it is not possible), however it was written.
  const addOrder = (power: string, text: string) => {
    setMode({ kind: 'idle' });
    void save(power, [...(drafts[power] ?? []).filter((o) => !o.error), { input: text, order: null }]);
  };
  const removeOrder = (power: string, entry: OrderEcho) => {
    void save(power, (drafts[power] ?? []).filter((o) => o !== entry && !o.error));
  };
  const submitAll = () => { for (const power of view.my_powers) void save(power, (drafts[power] ?? []).filter((o) => !o.error)); };
  const typed = (e: Event) => {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    const input = form.elements.namedItem('order') as HTMLInputElement;
    const text = input.value.trim();
    const problem = formProblem(t, form);
    if (problem) return setError(problem);
    if (!typedPower) return;
    input.value = '';
    addOrder(typedPower, text);
  };
  const allReady = view.my_powers.length > 0 && view.my_powers.every((p) => view.powers[p]?.ready);
  const setReady = async (ready: boolean) => {
    setConfirmReady(false);
    try {
      for (const power of view.my_powers) await api.ready(id, power, ready);
      await reloadView();
    } catch (e) {
      setError((e as Error).message);
    }
  };

  // ---------------------------------------------------------------- clicks
  const canOrder = active && historyIndex === null && mine.size > 0;
  const unitAt = (province: string) => units.find((u) => board.provinceOf(u.location) === province);
  const startUnit = (unit: Unit) => {
    if (kind === 'R') {
      const options = view.retreats?.[unit.power]?.[board.unitText(unit)] ?? [];
      setMode({ kind: 'unit', unit, targets: options });
    } else {
      setMode({ kind: 'unit', unit, targets: [...board.moveTargets(unit).map(board.provinceOf), ...board.convoyTargets(unit, units)] });
    }
  };
  const onUnit = (unit: Unit) => {
    if (!canOrder) return;
    if (mode.kind === 'support-unit') {
      if (unit === mode.unit) return;
      const reach = [...board.moveTargets(unit).map(board.provinceOf), ...board.convoyTargets(unit, units), board.provinceOf(unit.location)];
      const targets = reach.filter((p) => board.canSupportInto(mode.unit, p) || p === board.provinceOf(unit.location) && board.canSupportInto(mode.unit, p));
      setMode({ kind: 'support-target', unit: mode.unit, supported: unit, targets });
      return;
    }
    if (mode.kind === 'convoy-army') {
      if (unit.type !== 'A') return;
      setMode({ kind: 'convoy-target', unit: mode.unit, army: unit, targets: board.convoyTargets(unit, units) });
      return;
    }
    if (mode.kind === 'support-target' || mode.kind === 'unit' || mode.kind === 'convoy-target') {
      onProvince(board.provinceOf(unit.location));
      return;
    }
    if (!mine.has(unit.power)) return;
    if (kind === 'A') { addOrder(unit.power, board.disbandOrder(unit)); return; }
    if (kind === 'R' && !dislodged.some((d) => d.location === unit.location && d.type === unit.type)) return;
    startUnit(unit);
  };
  const onProvince = (province: string) => {
    if (!canOrder) return;
    switch (mode.kind) {
      case 'idle': {
        if (kind === 'A') {
          const power = view.my_powers.find((p) => board.buildSites(p, view.centers, units).includes(province));
          if (power) setMode({ kind: 'build', province, power });
          return;
        }
        const unit = kind === 'R' ? dislodged.find((u) => board.provinceOf(u.location) === province) : unitAt(province);
        if (unit) onUnit(unit);
        return;
      }
      case 'unit': {
        const { unit } = mode;
        if (province === board.provinceOf(unit.location)) { if (kind === 'M') addOrder(unit.power, board.holdOrder(unit)); return; }
        if (!mode.targets.includes(province)) return;
        if (kind === 'R') { addOrder(unit.power, board.retreatOrder(unit, province)); return; }
        const options = board.destinations(unit, province, units);
        if (options.length > 1) setMode({ kind: 'coast', unit, options, make: (loc) => board.moveOrder(unit, loc) });
        else if (options.length === 1) addOrder(unit.power, board.moveOrder(unit, options[0]));
        return;
      }
      case 'support-target':
        if (mode.targets.includes(province)) addOrder(mode.unit.power, board.supportOrder(mode.unit, mode.supported, province));
        return;
      case 'convoy-target':
        if (mode.targets.includes(province)) addOrder(mode.unit.power, board.convoyOrder(mode.unit, mode.army, province));
        return;
      case 'support-unit': case 'convoy-army': {
        const unit = unitAt(province);
        if (unit) onUnit(unit);
        return;
      }
      default:
    }
  };
  const onLocation = (location: string) => {
    if (mode.kind === 'coast' && mode.options.includes(location)) addOrder(mode.unit.power, mode.make(location));
    else onProvince(board.provinceOf(location));
  };
  useEffect(() => {
    const escape = (e: KeyboardEvent) => { if (e.key === 'Escape') setMode({ kind: 'idle' }); };
    addEventListener('keydown', escape);
    return () => removeEventListener('keydown', escape);
  }, []);

  const idleTargets = mode.kind === 'idle' && canOrder
    ? kind === 'A' ? view.my_powers.flatMap((p) => board.buildSites(p, view.centers, units))
      : kind === 'R' ? dislodged.filter((u) => mine.has(u.power)).map((u) => board.provinceOf(u.location)) : []
    : [];
  const highlighted = new Set<string>('targets' in mode ? mode.targets : mode.kind === 'coast' ? mode.options : idleTargets);
  const selected = 'unit' in mode ? board.unitText(mode.unit) : null;

  // ---------------------------------------------------------------- what the map shows
  const shown = historyIndex === null ? null : phases[historyIndex];
  const lastPhase = phases.length ? phases[phases.length - 1] : null;
  const resultsOf = (record: PhaseRecord): DrawnOrder[] => Object.entries(record.orders).flatMap(([power, list]) =>
    list.flatMap((o) => (o.order ? [{ order: o.order, power, result: o.result, reason: o.reason }] : [])));
  const draftOrders: DrawnOrder[] = Object.entries(drafts).flatMap(([power, list]) =>
    list.filter((o) => o.order).map((o) => ({ order: o.order!, power })));

  const savedAt = saved?.phase === phase && Object.values(drafts).some((list) => list.some((o) => o.order)) ? saved.at : null;
  const unread = messages.filter((m) => isUnread(m, threadOf(m, view.my_powers), seen)).length;
  const markSeen = (thread: string, last: number) => {
    setSeen((before) => ({ ...before, [thread]: Math.max(before[thread] ?? 0, last) }));
    api.markPressRead(id, thread, last).then(setSeen).catch(() => undefined);
  };
  const openTab = (next: Tab) => setTab(next);

  // Builds (or removals) each of the user's powers owes: its centres less its units.
  const adjustmentPrompt = [t('game.buildSites'), ...view.my_powers.flatMap((p) => {
    const owed = (view.centers[p]?.length ?? 0) - units.filter((u) => u.power === p).length;
    return owed === 0 ? [] : [t(owed > 0 ? 'game.buildsOwed' : 'game.removalsOwed', { power: powerName(t, p), count: Math.abs(owed) })];
  })].join(' · ');
  const prompt = (() => {
    if (!canOrder) return '';
    switch (mode.kind) {
      case 'unit': return t('game.pickTarget', { unit: unitName(t, mode.unit.type, mode.unit.location) });
      case 'coast': return t('game.chooseCoast');
      case 'support-unit': return t('game.pickSupported');
      case 'support-target': return t('game.pickSupportTarget');
      case 'convoy-army': return t('game.pickConvoyed');
      case 'convoy-target': return t('game.pickConvoyTarget');
      case 'build': return t('game.build');
      default: return kind === 'A' ? adjustmentPrompt : t('game.pickUnit', { context: pointing() });
    }
  })();

  // The bar above the map: the choices of the moment while a unit is being ordered, else
  // the history's steps.
  const orderChoices = canOrder && mode.kind !== 'idle' ? (
    <div class="choices" role="group" aria-label={prompt}>
      {mode.kind === 'unit' && kind === 'M' && (
        <>
          <button type="button" data-action="hold" onClick={() => addOrder(mode.unit.power, board.holdOrder(mode.unit))}>{t('game.hold')}</button>
          <button type="button" data-action="support" onClick={() => setMode({ kind: 'support-unit', unit: mode.unit })}>{t('game.support')}</button>
          {mode.unit.type === 'F' && board.provinces.get(mode.unit.location)?.type === 'sea' &&
            <button type="button" data-action="convoy" onClick={() => setMode({ kind: 'convoy-army', unit: mode.unit })}>{t('game.convoy')}</button>}
        </>
      )}
      {mode.kind === 'unit' && kind === 'R' && <button type="button" data-action="disband" onClick={() => addOrder(mode.unit.power, board.disbandOrder(mode.unit))}>{t('game.disband')}</button>}
      {mode.kind === 'coast' && mode.options.map((loc) => <button type="button" key={loc} data-location-choice={loc} onClick={() => addOrder(mode.unit.power, mode.make(loc))}>{provinceName(t, loc)}</button>)}
      {mode.kind === 'build' && (['A', 'F'] as const).flatMap((type) => board.buildLocations(type, mode.province).map((loc) => (
        <button type="button" key={`${type}${loc}`} data-action="build" onClick={() => addOrder(mode.power, board.buildOrder(type, loc))}>
          {unitName(t, type, loc)}
        </button>
      )))}
      <button type="button" data-action="cancel" onClick={() => setMode({ kind: 'idle' })}>{t('game.cancel')}</button>
    </div>
  ) : null;
  const historySteps = (
    <div class="history-bar" role="group" aria-label={t('game.history')}>
      <button type="button" data-action="history-previous" disabled={!phases.length || historyIndex === 0 || phasesAt !== (view.phase ?? null)} aria-label={t('game.previous')}
        onClick={() => setHistoryIndex(historyIndex === null ? phases.length - 1 : Math.max(0, historyIndex - 1))}>◀<span class="wide"> {t('game.previous')}</span></button>
      <span class="history-phase">{shown ? phaseName(t, shown.phase) : t('game.current')}</span>
      <button type="button" data-action="history-next" disabled={historyIndex === null} aria-label={t('game.next')}
        onClick={() => setHistoryIndex(historyIndex === null || historyIndex + 1 >= phases.length ? null : historyIndex + 1)}><span class="wide">{t('game.next')} </span>▶</button>
      {historyIndex !== null && <button type="button" data-action="history-now" onClick={() => setHistoryIndex(null)}>{t('game.current')}</button>}
    </div>
  );

  // A forming game has no powers yet, only the count of seats (open = left for people,
  // daide_open = left for DAIDE clients).
  const seatCount = (view as { seats?: { open: number; taken: number; daide_open?: number } }).seats;
  const people = Object.values(view.powers);
  const daideOpen = seatCount?.daide_open ?? 0;
  const taken = seatCount ? seatCount.taken : people.filter((s) => s.player || s.computer).length;
  const total = seatCount ? seatCount.taken + seatCount.open + daideOpen : people.length;
  const joined = ((view as { players?: { player: string; power: string | null }[] }).players ?? []);
  const myJoin = joined.find((j) => j.player === user.name);
  // Seats of several powers (fewer than seven players) are asked for by any of their powers.
  const seats = view.seat_powers ?? board.powers.map((p) => [p]);
  const freeSeats = seats.filter((seat) => !joined.some((j) => j.power && seat.includes(j.power)));
  const seatText = (seat: string[]) => listOf(lang, seat.map((p) => powerName(t, p)));
  const join = async (power?: string) => {
    try { await api.join(id, power); await reloadView(); } catch (e) { setError((e as Error).message); }
  };

  return (
    <div class="diplomacy" data-my-powers={view.my_powers.join(' ')} data-phase={phase} data-status={view.status}>
      <div class="game-head">
        <h1>{gameName(t, initial)}</h1>
        <span class="phase">{phaseName(t, phase)}</span>
        {active && live && view.stage && <span class="tag">{t(`game.stage_${view.stage}`)}</span>}
        {active && !view.pause?.paused && <Countdown deadline={view.stage === 'negotiation' && view.negotiation_deadline ? view.negotiation_deadline : view.deadline} />}
        {view.my_powers.length ? <span>{t('game.youPlay', { powers: listOf(lang, view.my_powers.map((p) => powerName(t, p))) })}</span>
          : myJoin ? <span>{myJoin.power ? t('game.youPlay', { powers: seatText(seats.find((seat) => seat.includes(myJoin.power!)) ?? [myJoin.power]) }) : t('game.joinedAny')}</span>
            : <span class="muted">{t('game.observer')}</span>}
        {view.status === 'finished' && <strong data-game-result>{gameResult(t, lang, view)}</strong>}
        <PauseTag view={view} />
        <VoteTally view={view} />
        {!connected && <span class="error">{t('app.offline')}</span>}
      </div>
      {error && !canOrder && <p class="error" role="alert">{error}</p>}
      {view.status === 'forming' && (
        <section class="card forming">
          <p>{t('game.forming', { taken, total })}</p>
          {daideOpen > 0 && <p data-daide-open={daideOpen}>{t('game.waitingDaide', { count: daideOpen })}</p>}
          {seats.some((seat) => seat.length > 1) && (
            <div class="setup-preview">
              <span>{t('lobby.seatList')}</span>
              <ol>{seats.map((seat) => <li key={seat.join('+')} data-seat={seat.join('+')}>{seatText(seat)}</li>)}</ol>
            </div>
          )}
          {myJoin && <p>{myJoin.power ? t('game.youPlay', { powers: seatText(seats.find((seat) => seat.includes(myJoin.power!)) ?? [myJoin.power]) }) : t('game.anyPower')}</p>}
          {!view.my_powers.length && !myJoin && (
            <form class="row" noValidate onSubmit={(e) => { e.preventDefault(); const p = new FormData(e.currentTarget as HTMLFormElement).get('power') as string; void join(p || undefined); }}>
              <label>{t('game.joinAs')}
                <select name="power">
                  <option value="">{t('game.anyPower')}</option>
                  {freeSeats.map((seat) => <option key={seat[0]} value={seat[0]}>{seatText(seat)}</option>)}
                </select>
              </label>
              <button type="submit" class="primary" data-action="join-game">{t('lobby.join')}</button>
            </form>
          )}
        </section>
      )}
      <div class="board-layout">
        <div class="map-pane">
          <div class="map-scroll">
          <MapView
            toolbar={<>{orderChoices ?? historySteps}{canOrder && <MapPrompt text={prompt} error={error} />}</>}
            units={shown ? board.unitsOf(shown.units) : units}
            centres={shown ? shown.centers : centres}
            orders={shown ? resultsOf(shown) : draftOrders}
            dislodged={shown ? [] : dislodged}
            selected={selected}
            highlighted={highlighted}
            onUnit={canOrder ? onUnit : undefined}
            onProvince={onProvince}
            onLocation={onLocation}
            pickingUnits={['idle', 'support-unit', 'convoy-army'].includes(mode.kind)}
            disorder={new Set(Object.entries(view.powers).filter(([, seat]) => seat.status === 'civil_disorder').map(([power]) => power))}
          />
          </div>
        </div>
        <aside class="side">
          <div class="tabs" role="tablist">
            {(['orders', 'press', 'powers'] as const).map((name) => (
              <button type="button" role="tab" aria-selected={tab === name} class={tab === name ? 'active' : ''} data-tab={name} onClick={() => openTab(name)}>
                {t(name === 'orders' ? 'game.orders' : name === 'press' ? 'game.press' : 'game.powers')}
                {name === 'press' && unread > 0 && <span class="badge" aria-label={t('game.unread', { count: unread })}>{unread}</span>}
              </button>
            ))}
          </div>
          {tab === 'orders' && (
            <div role="tabpanel">
              {/* A past phase (history) or a finished game shows what happened, not what is to order. */}
              {active && historyIndex === null && view.my_powers.map((power) => (
                <section key={power} class="orders" data-power-orders={power}>
                  <h3><span class="dot" style={{ background: powerColours[power] }} /> {powerName(t, power)}</h3>
                  {canOrder && (stillToOrderBy[power] ?? []).length > 0 && (
                    <div class="unordered">
                      <span>{t('game.stillToOrder')}</span>
                      <ul>
                        {stillToOrderBy[power].map((u, i) => (
                          <li key={`${u}${i}`} data-unordered={u}>
                            {u === 'build' ? t('game.owedBuild') : u === 'disband' ? t('game.owedDisband') : orderSentence(t, u)}
                          </li>
                        ))}
                      </ul>
                    </div>
                  )}
                  {(drafts[power] ?? []).length === 0 ? <p class="muted">{view.powers[power]?.to_order === false ? t('game.nothingToOrder') : t('game.noOrders')}</p> : (
                    <ul class="order-list">
                      {(drafts[power] ?? []).map((o) => (
                        <li key={o.input + (o.order ?? '')} data-order={o.order ?? undefined} data-order-input={o.input} class={o.error ? 'refused' : o.order ? 'stored' : 'pending'}>
                          <span class="order-text">{ordered(o)}</span>
                          <span class="status">{o.error ? t('game.refused') : o.order ? t('game.stored') : t('game.pending')}</span>
                          {o.error && <span class="reason">{o.error}</span>}
                          {canOrder && <button type="button" class="link" aria-label={`${t('game.remove')}: ${ordered(o)}`} onClick={() => removeOrder(power, o)}>✕</button>}
                        </li>
                      ))}
                    </ul>
                  )}
                </section>
              ))}
              {canOrder && (
                <>
                  <form class="typed row" onSubmit={typed} noValidate>
                    {view.my_powers.length > 1 && (
                      <select name="order_power" aria-label={t('game.powers')} value={typedPower} onChange={(e) => setTypedPower((e.target as HTMLSelectElement).value)}>
                        {view.my_powers.map((p) => <option key={p} value={p}>{powerName(t, p)}</option>)}
                      </select>
                    )}
                    <input name="order" required aria-label={t('game.typeOrder')} placeholder={t('game.typeOrder')} autocomplete="off" />
                    <button type="submit" data-action="add-order">{t('game.add')}</button>
                  </form>
                  <p class="muted saved" aria-live="polite" data-saved={savedAt ? 'yes' : undefined}>
                    {savedAt ? t('game.savedAt', { time: timeOfDay(savedAt, lang) }) : t('game.savedAsMade')}
                  </p>
                  {confirmReady ? (
                    <Confirm action="ready" question={t('game.readyConfirm', { count: stillToOrder.length })} yes={t('game.readyAnyway')}
                      onYes={() => void setReady(true)} onNo={() => setConfirmReady(false)} />
                  ) : (
                    <div class="row">
                      <button type="button" class={allReady ? 'done' : 'primary'} data-action="ready" aria-pressed={allReady}
                        onClick={() => (allReady ? void setReady(false) : stillToOrder.length ? setConfirmReady(true) : void setReady(true))}>
                        {allReady ? t('game.readyDone') : t('game.ready')}
                      </button>
                      <button type="button" data-action="submit-orders" onClick={submitAll}>{t('game.submit')}</button>
                    </div>
                  )}
                </>
              )}
              {active && historyIndex === null && <Votes view={view} onChanged={reloadView} onError={setError} />}
              {active && historyIndex === null && <PauseControl view={view} onChanged={reloadView} onError={setError} />}
              {lastPhase && (
                <section class="results" aria-label={t('game.results', { phase: phaseName(t, lastPhase.phase) })}>
                  <h3>{t('game.results', { phase: phaseName(t, (shown ?? lastPhase).phase) })}</h3>
                  {/* Every unit of every power, as sentences; what went wrong said after. */}
                  {Object.entries((shown ?? lastPhase).orders).filter(([, list]) => list.length).map(([power, list]) => (
                    <div key={power} class="results-power" data-results-power={power}>
                      <h4><span class="dot" style={{ background: powerColours[power] }} /> {powerName(t, power)}
                        {view.powers[power]?.computer && <span class="tag computer">{t('game.computerTag')}</span>}</h4>
                      <ul class="order-list">
                        {list.filter((o) => o.order || !(shown ?? lastPhase).phase.endsWith('A')).map((o) => (
                          <li key={`${power}${o.order ?? o.unit}`} data-order={o.order ?? undefined} data-unit-result={o.order ? undefined : o.unit} data-result={o.result} data-power={power} class={`result-${o.result}`}>
                            <span class="order-text">{orderSentence(t, o.order, o.unit)}</span>
                            {!['ok', 'hold'].includes(o.result) && <span class="status">{t(`game.result_${o.result}`)}</span>}
                            {o.reason && <details class="reason"><summary aria-label={o.reason}>?</summary>{o.reason}</details>}
                          </li>
                        ))}
                      </ul>
                    </div>
                  ))}
                </section>
              )}
            </div>
          )}
          {tab === 'press' && <Press id={id} view={view} messages={messages} deals={deals} seen={seen} draft={draft} onDraft={setDraft} onSeen={markSeen} onSent={() => { void reloadMessages(); void reloadView(); void reloadDeals(); }} />}
          {tab === 'powers' && (
            <table class="powers" role="tabpanel">
              <thead><tr><th>{t('game.powers')}</th><th>{t('game.player')}</th><th>{t('game.centres')}</th></tr></thead>
              <tbody>
                {Object.entries(view.powers).map(([power, s]) => {
                  const flags = [s.status !== 'playing' ? t(`game.${s.status}`) : '', s.ready ? t('game.readyFlag') : '',
                    s.orders_given ? t('game.ordersGiven') : ''].filter(Boolean);
                  return (
                    <tr key={power} data-power-row={power}>
                      <td><span class="dot" style={{ background: powerColours[power] }} /> {powerName(t, power)}</td>
                      <td>
                        <span class="player" data-daide={s.daide ?? undefined}>{s.daide ? t('game.daidePlayer', { name: s.player ?? s.daide }) : s.computer ? t('game.computer') : s.player ?? '—'}</span>
                        {flags.length > 0 && <span class="muted flags">{flags.map((flag) => <span key={flag}>{flag}</span>)}</span>}
                      </td>
                      <td>{view.centers[power]?.length ?? 0}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
        </aside>
      </div>
    </div>
  );
}
