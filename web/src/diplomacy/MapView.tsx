// The board as SVG: provinces (data-province), split coasts (data-location), supply
// centres (data-center, data-owner), units (data-unit, data-power), orders drawn as
// arrows and lines, and results after processing.
import { useMemo } from 'preact/hooks';
import map from '../generated/map.json';
import { useT, orderText, provinceName } from '../ui/i18n';
import { powerColours, powerTints } from './colours';
import { provinceOf, provinces, type Unit } from './board';

type Point = [number, number];
interface DrawnProvince { kind: string; label: number[]; rings: number[][][]; area: number }
const drawn = map.provinces as Record<string, DrawnProvince>;
const coastPoints = map.coasts as unknown as Record<string, Point>;

const ringsPath = (rings: number[][][]) => rings.map((r) => `M${r.map((p) => `${p[0]},${p[1]}`).join('L')}Z`).join('');
const islandPath = ringsPath(map.islandRings);
const neutralLandPath = ringsPath(map.neutral.land);
const neutralSeaPath = ringsPath(map.neutral.sea);
const shapes = Object.fromEntries(Object.entries(drawn).map(([code, p]) => [code, ringsPath(p.rings)]));

/** Where a unit at a location, and a province's supply centre, are drawn. */
export function locationPoint(location: string): Point {
  if (coastPoints[location]) return coastPoints[location];
  const p = drawn[provinceOf(location)];
  return [p.label[0], p.label[1]];
}
const centrePoint = (code: string): Point => { const [x, y] = locationPoint(code); return [x + 11, y + 8]; };

export interface DrawnOrder { order: string; power: string; result?: string; reason?: string }

interface Props {
  units: Unit[];
  centres: Record<string, string[]>;
  orders: DrawnOrder[];
  selected?: string | null;
  highlighted?: Set<string>;
  dislodged?: Unit[];
  onProvince?: (code: string) => void;
  onUnit?: (unit: Unit) => void;
  onLocation?: (location: string) => void;
}

function OrderMark({ order, power, result, reason }: DrawnOrder) {
  const { t } = useT();
  const colour = powerColours[power] ?? '#333';
  const failed = result && !['ok', 'hold'].includes(result);
  const words = order.split(' ');
  const from = locationPoint(words[1]);
  const words0 = orderText(t, order);
  const title = [words0, result && t(`game.result_${result}`), reason].filter(Boolean).join(' — ');
  const common = { 'data-drawn-order': order, class: `order${failed ? ' failed' : ''}` };
  if (words[2] === '-' || words[2] === 'R') {
    const to = locationPoint(words[3]);
    const [x, y] = shorten(from, to, 9);
    return <g {...common}><title>{title}</title><line x1={from[0]} y1={from[1]} x2={x} y2={y} stroke={colour} stroke-width={2.4} marker-end={`url(#arrow-${failed ? 'failed' : power})`} />
      {failed && <text x={x} y={y} class="bounce-mark">✕</text>}</g>;
  }
  if (words[2] === 'S' || words[2] === 'C') {
    const supported = locationPoint(words[4]);
    const target = words[5] === '-' ? locationPoint(words[6]) : supported;
    const mid: Point = words[5] === '-' ? [(supported[0] + target[0]) / 2, (supported[1] + target[1]) / 2] : supported;
    return <g {...common}><title>{title}</title><path d={`M${from[0]},${from[1]}L${mid[0]},${mid[1]}`} stroke={colour} stroke-width={1.6} stroke-dasharray={words[2] === 'S' ? '4 3' : '1 3'} fill="none" stroke-linecap="round" />
      <circle cx={mid[0]} cy={mid[1]} r={2.5} fill={colour} />{failed && <text x={mid[0]} y={mid[1]} class="bounce-mark">✕</text>}</g>;
  }
  if (words[2] === 'H') return <g {...common}><title>{title}</title><circle cx={from[0]} cy={from[1]} r={10} fill="none" stroke={colour} stroke-width={1.5} /></g>;
  if (words[2] === 'B') return <g {...common}><title>{title}</title><circle cx={from[0]} cy={from[1]} r={10} fill="none" stroke={colour} stroke-width={1.5} stroke-dasharray="2 2" /></g>;
  if (words[2] === 'D') return <g {...common}><title>{title}</title><text x={from[0]} y={from[1]} class="bounce-mark">✕</text></g>;
  return null;
}

function shorten(from: Point, to: Point, by: number): Point {
  const dx = to[0] - from[0];
  const dy = to[1] - from[1];
  const length = Math.hypot(dx, dy) || 1;
  return [to[0] - (dx / length) * by, to[1] - (dy / length) * by];
}

function UnitMark({ unit, selected, dislodged, onUnit }: { unit: Unit; selected: boolean; dislodged?: boolean; onUnit?: (u: Unit) => void }) {
  const { t } = useT();
  const [x0, y0] = locationPoint(unit.location);
  const [x, y] = dislodged ? [x0 + 8, y0 - 8] : [x0, y0];
  const colour = powerColours[unit.power];
  const label = `${t(unit.type === 'A' ? 'game.army' : 'game.fleet')} ${provinceName(t, unit.location)}`;
  return (
    <g data-unit={`${unit.type} ${unit.location}`} data-power={unit.power} data-dislodged={dislodged ? 'true' : undefined}
      class={`unit${selected ? ' selected' : ''}${onUnit ? ' clickable' : ''}`} transform={`translate(${x},${y}) scale(1.3)`}
      role={onUnit ? 'button' : 'img'} tabindex={onUnit ? 0 : undefined} aria-label={label}
      onClick={onUnit ? (e) => { e.stopPropagation(); onUnit(unit); } : undefined}
      onKeyDown={onUnit ? (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); onUnit(unit); } } : undefined}>
      <title>{label}</title>
      {unit.type === 'A'
        ? <><rect x={-7} y={-5.5} width={14} height={11} rx={2} fill={colour} stroke="#fff" stroke-width={1.2} /><path d="M-4,3 L0,-3 L4,3 Z" fill="#fff" /></>
        : <><path d="M-8,0 L8,0 L5,5 L-5,5 Z" fill={colour} stroke="#fff" stroke-width={1.2} /><path d="M0,-6 L0,0 M0,-6 L5,-1 L0,-1" stroke={colour} stroke-width={1.6} fill="#fff" /></>}
    </g>
  );
}

export function MapView({ units, centres, orders, selected, highlighted, dislodged = [], onProvince, onUnit, onLocation }: Props) {
  const { t } = useT();
  const owner = useMemo(() => {
    const out = new Map<string, string>();
    for (const [power, list] of Object.entries(centres)) for (const c of list) out.set(c, power);
    return out;
  }, [centres]);
  const click = (code: string) => onProvince?.(code);
  const name = (code: string) => {
    const full = provinceName(t, code);
    const width = [...full].reduce((w, ch) => w + (ch.charCodeAt(0) > 0x2e80 ? 1 : 0.56), 0) * 8;
    return width * 12 < drawn[code].area || drawn[code].kind === 'sea' && width < 90 ? full : code;
  };
  const codes = Object.keys(drawn);
  // Provinces a selected unit may go to can be reached with the keyboard too.
  const targetProps = (code: string) => highlighted?.has(code)
    ? { tabindex: 0, role: 'button' as const, 'aria-label': provinceName(t, code),
        onKeyDown: (e: KeyboardEvent) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); click(code); } } }
    : {};
  return (
    <svg class="map" viewBox={`0 0 ${map.width} ${map.height}`} role="group" aria-label={t('game.map')}>
      <defs>
        <pattern id="impassable" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" fill="#d9d4c7" /><line x1="0" y1="0" x2="0" y2="6" stroke="#a59f90" stroke-width="2" /></pattern>
        {[...Object.entries(powerColours), ['failed', '#c0392b']].map(([power, colour]) => (
          <marker id={`arrow-${power}`} viewBox="0 0 10 10" refX="5" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill={colour} /></marker>
        ))}
      </defs>
      <rect width={map.width} height={map.height} class="water" />
      {codes.filter((c) => drawn[c].kind === 'sea').map((code) => (
        <path key={code} d={shapes[code]} data-province={code} {...targetProps(code)}
          class={`province sea${highlighted?.has(code) ? ' target' : ''}`} onClick={() => click(code)}><title>{provinceName(t, code)}</title></path>
      ))}
      <path d={neutralSeaPath} class="neutral-sea" />
      <path d={neutralLandPath} class="neutral-land" />
      {codes.filter((c) => drawn[c].kind === 'land').map((code) => {
        const centreOwner = owner.get(code);
        return (
          <path key={code} d={shapes[code]} data-province={code} {...targetProps(code)}
            style={centreOwner ? { fill: powerTints[centreOwner] } : undefined}
            class={`province land${highlighted?.has(code) ? ' target' : ''}`} onClick={() => click(code)}><title>{provinceName(t, code)}</title></path>
        );
      })}
      <path d={islandPath} class="island" />
      <path d={shapes.SWI} data-province="SWI" class="province impassable" fill="url(#impassable)"><title>{provinceName(t, 'SWI')}</title></path>
      {codes.filter((c) => c !== 'SWI').map((code) => {
        const [x, y] = drawn[code].label;
        return <text key={code} x={x} y={y + 20} class={`label ${drawn[code].kind}`} aria-hidden="true">{name(code)}</text>;
      })}
      {Object.keys(coastPoints).map((loc) => {
        const [x, y] = coastPoints[loc];
        return (
          <g key={loc} data-location={loc} class={`coast${highlighted?.has(loc) ? ' target' : ''}`} onClick={(e) => { e.stopPropagation(); onLocation?.(loc); }}>
            <title>{provinceName(t, loc)}</title>
            <circle cx={x} cy={y} r={4} />
            <text x={x} y={y - 6} aria-hidden="true">{loc.split('/')[1]}</text>
          </g>
        );
      })}
      {[...provinces.values()].filter((p) => p.centre).map((p) => {
        const [x, y] = centrePoint(p.code);
        const o = owner.get(p.code);
        return <circle key={p.code} data-center={p.code} data-owner={o ?? ''} cx={x} cy={y} r={3.6} class="centre" fill={o ? powerColours[o] : '#fff'} />;
      })}
      {orders.map((o) => <OrderMark key={o.order} {...o} />)}
      {units.map((u) => <UnitMark key={`${u.type} ${u.location}`} unit={u} selected={selected === `${u.type} ${u.location}`} onUnit={onUnit} />)}
      {dislodged.map((u) => <UnitMark key={`d ${u.type} ${u.location}`} unit={u} dislodged selected={selected === `${u.type} ${u.location}`} onUnit={onUnit} />)}
    </svg>
  );
}

