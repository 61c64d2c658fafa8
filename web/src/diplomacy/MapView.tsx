// The board as SVG: provinces (data-province), split coasts (data-location), supply
// centres (data-center, data-owner), units (data-unit, data-power), orders drawn as
// arrows and lines, and results after processing. Zoom and pan in viewport.ts; labels
// and markers keep their size on screen (labels.ts places the names).
import { useMemo } from 'preact/hooks';
import { placeLabels, type Box } from './labels';
import { useViewport } from './viewport';
import map from '../generated/map.json';
import { useT, orderText, provinceName, unitName } from '../ui/i18n';
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
  /** Powers in civil disorder: their units are marked. */
  disorder?: Set<string>;
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

// A unit is drawn this many map units wide at scale 1 (its shapes span -8..8), and never
// smaller on screen than kUnitPx; its tap target is never smaller than kTapPx.
const kUnitPx = 18;
const kTapPx = 26;
export const unitScale = (scale: number) => Math.min(3, Math.max(1.3, kUnitPx / (16 * scale)));

function UnitMark({ unit, selected, dislodged, onUnit, scale, disorder }: { unit: Unit; selected: boolean; dislodged?: boolean; onUnit?: (u: Unit) => void; scale: number; disorder?: boolean }) {
  const { t } = useT();
  const [x0, y0] = locationPoint(unit.location);
  const k = unitScale(scale);
  const [x, y] = dislodged ? [x0 + 7 * k, y0 - 7 * k] : [x0, y0];
  const colour = powerColours[unit.power];
  const label = unitName(t, unit.type, unit.location);
  return (
    <g data-unit={`${unit.type} ${unit.location}`} data-power={unit.power} data-dislodged={dislodged ? 'true' : undefined}
      class={`unit${selected ? ' selected' : ''}${onUnit ? ' clickable' : ''}${disorder ? ' disorder' : ''}`} transform={`translate(${x},${y}) scale(${k})`}
      role={onUnit ? 'button' : 'img'} tabindex={onUnit ? 0 : undefined} aria-label={label}
      onClick={onUnit ? (e) => { e.stopPropagation(); onUnit(unit); } : undefined}
      onKeyDown={onUnit ? (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); onUnit(unit); } } : undefined}>
      <title>{label}</title>
      <circle class="tap" r={kTapPx / 2 / (scale * k)} />
      {unit.type === 'A'
        ? <><rect x={-7} y={-5.5} width={14} height={11} rx={2} fill={colour} stroke="#fff" stroke-width={1.2} /><path d="M-4,3 L0,-3 L4,3 Z" fill="#fff" /></>
        : <><path d="M-8,0 L8,0 L5,5 L-5,5 Z" fill={colour} stroke="#fff" stroke-width={1.2} /><path d="M0,-6 L0,0 M0,-6 L5,-1 L0,-1" stroke={colour} stroke-width={1.6} fill="#fff" /></>}
    </g>
  );
}

// Province names on screen: at least 11 px in every language (CJK a little larger).
const kLabelPx = 12;

export function MapView({ units, centres, orders, selected, highlighted, dislodged = [], onProvince, onUnit, onLocation, disorder }: Props) {
  const { t, lang } = useT();
  const viewport = useViewport(map.width, map.height);
  const { view, scale } = viewport;
  const owner = useMemo(() => {
    const out = new Map<string, string>();
    for (const [power, list] of Object.entries(centres)) for (const c of list) out.set(c, power);
    return out;
  }, [centres]);
  const click = (code: string) => onProvince?.(code);
  const codes = Object.keys(drawn);
  const k = unitScale(scale);
  const labelPx = lang === 'en' ? kLabelPx : kLabelPx + 1;
  // Recomputed when the zoom, the language or the units change (not on a pan).
  const labels = useMemo(() => {
    const half = 8 * k;
    const obstacles: Box[] = [...units, ...dislodged].map((u) => {
      const [x, y] = locationPoint(u.location);
      return { x: x - half, y: y - half * 0.8, w: 2 * half, h: 1.6 * half };
    });
    for (const p of provinces.values()) {
      if (!p.centre) continue;
      const [x, y] = centrePoint(p.code);
      obstacles.push({ x: x - 4, y: y - 4, w: 8, h: 8 });
    }
    for (const [x, y] of Object.values(coastPoints)) {
      const r = Math.max(4, 7 / scale);
      obstacles.push({ x: x - r, y: y - r - 11 / scale, w: 2 * r, h: 2 * r + 11 / scale });
    }
    return placeLabels(codes.filter((c) => c !== 'SWI').map((code) => ({
      code, name: provinceName(t, code), anchor: [drawn[code].label[0], drawn[code].label[1]] as [number, number],
      area: drawn[code].area, sea: drawn[code].kind === 'sea',
    })), labelPx, scale, obstacles, 6 * k, { x: 0, y: 0, w: map.width, h: map.height });
  }, [Math.round(scale * 20), lang, units, dislodged]);
  // Provinces a selected unit may go to can be reached with the keyboard too.
  const targetProps = (code: string) => highlighted?.has(code)
    ? { tabindex: 0, role: 'button' as const, 'aria-label': provinceName(t, code),
        onKeyDown: (e: KeyboardEvent) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); click(code); } } }
    : {};
  return (
    <div class="map-frame">
    <svg class="map" ref={viewport.svg} viewBox={`${view.x} ${view.y} ${view.w} ${view.h}`} role="group" aria-label={t('game.map')}
      style={{ '--label-size': `${labelPx / scale}px`, '--coast-size': `${11 / scale}px` }} {...viewport.handlers}>
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
      {labels.map((label) => (
        <text key={label.code} x={label.x} y={label.y} data-label={label.code} class={`label ${drawn[label.code].kind}`} aria-hidden="true">{label.text}</text>
      ))}
      {Object.keys(coastPoints).map((loc) => {
        const [x, y] = coastPoints[loc];
        return (
          <g key={loc} data-location={loc} class={`coast${highlighted?.has(loc) ? ' target' : ''}`} onClick={(e) => { e.stopPropagation(); onLocation?.(loc); }}>
            <title>{provinceName(t, loc)}</title>
            <circle cx={x} cy={y} r={Math.max(3, 5 / scale)} />
            <text x={x} y={y - Math.max(6, 9 / scale)} aria-hidden="true">{loc.split('/')[1]}</text>
          </g>
        );
      })}
      {[...provinces.values()].filter((p) => p.centre).map((p) => {
        const [x, y] = centrePoint(p.code);
        const o = owner.get(p.code);
        return <circle key={p.code} data-center={p.code} data-owner={o ?? ''} cx={x} cy={y} r={3.6} class="centre" fill={o ? powerColours[o] : '#fff'} />;
      })}
      {orders.map((o) => <OrderMark key={o.order} {...o} />)}
      {units.map((u) => <UnitMark key={`${u.type} ${u.location}`} unit={u} scale={scale} disorder={disorder?.has(u.power)} selected={selected === `${u.type} ${u.location}`} onUnit={onUnit} />)}
      {dislodged.map((u) => <UnitMark key={`d ${u.type} ${u.location}`} unit={u} scale={scale} dislodged selected={selected === `${u.type} ${u.location}`} onUnit={onUnit} />)}
    </svg>
    <div class="zoom" role="group" aria-label={t('game.zoom')}>
      <button type="button" data-action="zoom-in" aria-label={t('game.zoomIn')} onClick={() => viewport.zoomBy(1.5)}>+</button>
      <button type="button" data-action="zoom-out" aria-label={t('game.zoomOut')} onClick={() => viewport.zoomBy(1 / 1.5)}>−</button>
      <button type="button" data-action="zoom-fit" aria-label={t('game.zoomFit')} onClick={viewport.fit}>⤢</button>
    </div>
    </div>
  );
}

