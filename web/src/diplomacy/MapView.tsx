// The board as SVG: provinces (data-province), split coasts (data-location), supply
// centres (data-center, data-owner), units (data-unit, data-power), names (data-label),
// orders drawn (mapOrders.tsx). Where units and centres stand is data (mapData.ts); zoom
// and pan in viewport.ts; names placed for each zoom by labels.ts. Units, centre markers
// and names keep about the same size on screen at every zoom.
import type { ComponentChildren } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { coastPx, coastRadius, labelPx, mapLabels } from './mapLabels';
import { useViewport } from './viewport';
import { useT, provinceName, unitName } from '../ui/i18n';
import { powerColours, powerTints } from './colours';
import type { Unit } from './board';
import map from '../generated/map.json';
import { centreCodes, centrePoint, coastPoints, drawn, locationPoint, mapSize, token, unitScale, type Point } from './mapData';
import { OrderMark, type DrawnOrder } from './mapOrders';

export type { DrawnOrder } from './mapOrders';

const ringsPath = (rings: number[][][]) => rings.map((r) => `M${r.map((p) => `${p[0]},${p[1]}`).join('L')}Z`).join('');
const islandPath = ringsPath(map.islandRings);
const neutralLandPath = ringsPath(map.neutral.land);
const neutralSeaPath = ringsPath(map.neutral.sea);
const shapes = Object.fromEntries(Object.entries(drawn).map(([code, p]) => [code, ringsPath(p.rings)]));
const codes = Object.keys(drawn);

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
  /** Whether a tap near a unit picks it (false while a target province is being picked,
   * so that a tap beside a unit reaches the province there). */
  pickingUnits?: boolean;
  /** Powers in civil disorder: their units are marked. */
  disorder?: Set<string>;
  /** Shown in the bar above the map, left of the zoom buttons (the history's steps). */
  toolbar?: ComponentChildren;
}

// A unit's tap target is never smaller than this on screen.
const kTapPx = 26;

function UnitMark({ unit, at, k, selected, dislodged, onUnit, disorder }: { unit: Unit; at: Point; k: number; selected: boolean; dislodged?: boolean; onUnit?: (u: Unit) => void; disorder?: boolean }) {
  const { t } = useT();
  const colour = powerColours[unit.power];
  const label = unitName(t, unit.type, unit.location);
  return (
    <g data-unit={`${unit.type} ${unit.location}`} data-power={unit.power} data-dislodged={dislodged ? 'true' : undefined}
      class={`unit${selected ? ' selected' : ''}${onUnit ? ' clickable' : ''}${disorder ? ' disorder' : ''}`} transform={`translate(${at[0]},${at[1]}) scale(${k})`}
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

export function MapView({ units, centres: owned, orders, selected, highlighted, dislodged = [], onProvince, onUnit, onLocation, pickingUnits = true, disorder, toolbar }: Props) {
  const { t, lang } = useT();
  const viewport = useViewport(mapSize.w, mapSize.h);
  const { view, scale } = viewport;
  const owner = useMemo(() => {
    const out = new Map<string, string>();
    for (const [power, list] of Object.entries(owned)) for (const c of list) out.set(c, power);
    return out;
  }, [owned]);
  const click = (code: string) => onProvince?.(code);
  const k = unitScale(scale);
  // Names are placed again once a zoom has settled, not at every step of a pinch or a wheel
  // (data-labels-zoom = data-zoom once they are).
  const zoomStep = Math.round(scale * 20);
  const [placedFor, setPlacedFor] = useState({ step: zoomStep, scale });
  useEffect(() => {
    if (placedFor.step === zoomStep) return undefined;
    const timer = setTimeout(() => setPlacedFor({ step: zoomStep, scale }), 150);
    return () => clearTimeout(timer);
  }, [zoomStep, placedFor.step]);
  const { places, labels, leaders, coastLabels } = useMemo(() => mapLabels(t, lang, placedFor.scale, units, dislodged),
    [placedFor.step, lang, units, dislodged]);
  // Provinces a selected unit may go to can be reached with the keyboard too.
  const targetProps = (code: string) => highlighted?.has(code)
    ? { tabindex: 0, role: 'button' as const, 'aria-label': provinceName(t, code),
        onKeyDown: (e: KeyboardEvent) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); click(code); } } }
    : {};
  const province = (code: string, kind: 'sea' | 'land') => {
    const centreOwner = kind === 'land' ? owner.get(code) : undefined;
    const [ax, ay] = drawn[code].unit;
    return (
      <path key={code} d={shapes[code]} data-province={code} data-anchor={`${ax},${ay}`} {...targetProps(code)}
        style={centreOwner ? { fill: powerTints[centreOwner] } : undefined}
        class={`province ${kind}${highlighted?.has(code) ? ' target' : ''}`} onClick={() => click(code)}><title>{provinceName(t, code)}</title></path>
    );
  };
  const tapRadius = kTapPx / 2 / scale;
  const markerRadius = coastRadius(scale);
  const allUnits: [Unit, Point, boolean][] = [...units.map((u): [Unit, Point, boolean] => [u, locationPoint(u.location), false]),
    ...dislodged.map((u): [Unit, Point, boolean] => [u, places.get(u) ?? locationPoint(u.location), true])];
  return (
    <div class="map-frame">
    <div class="map-bar">
      {toolbar}
      <div class="zoom" role="group" aria-label={t('game.zoom')}>
        <button type="button" data-action="zoom-out" aria-label={t('game.zoomOut')} onClick={() => viewport.zoomBy(1 / 1.5)}>−</button>
        <button type="button" data-action="zoom-fit" aria-label={t('game.zoomFit')} onClick={viewport.fit}>⤢</button>
        <button type="button" data-action="zoom-in" aria-label={t('game.zoomIn')} onClick={() => viewport.zoomBy(1.5)}>+</button>
      </div>
    </div>
    <svg class="map" ref={viewport.svg} viewBox={`${view.x} ${view.y} ${view.w} ${view.h}`} role="group" aria-label={t('game.map')}
      data-zoom={zoomStep} data-labels-zoom={placedFor.step}
      style={{ '--label-size': `${labelPx(lang, scale) / scale}px`, '--coast-size': `${coastPx / scale}px` }} {...viewport.handlers}>
      <defs>
        <pattern id="impassable" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" fill="#d9d4c7" /><line x1="0" y1="0" x2="0" y2="6" stroke="#a59f90" stroke-width="2" /></pattern>
        {[...Object.entries(powerColours), ['failed', '#c0392b']].map(([power, colour]) => (
          <marker id={`arrow-${power}`} viewBox="0 0 10 10" refX="5" refY="5" markerWidth="3.2" markerHeight="3.2" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill={colour} /></marker>
        ))}
      </defs>
      <rect width={mapSize.w} height={mapSize.h} class="water" />
      {codes.filter((c) => drawn[c].kind === 'sea').map((code) => province(code, 'sea'))}
      <path d={neutralSeaPath} class="neutral-sea" />
      <path d={neutralLandPath} class="neutral-land" />
      {codes.filter((c) => drawn[c].kind === 'land').map((code) => province(code, 'land'))}
      <path d={islandPath} class="island" />
      <path d={shapes.SWI} data-province="SWI" data-anchor={drawn.SWI.unit.join(',')} class="province impassable" fill="url(#impassable)"><title>{provinceName(t, 'SWI')}</title></path>
      {Object.keys(coastPoints).map((loc) => {
        const [x, y] = coastPoints[loc];
        const word = coastLabels.get(loc);
        return (
          <g key={loc} data-location={loc} class={`coast${highlighted?.has(loc) ? ' target' : ''}`} onClick={(e) => { e.stopPropagation(); onLocation?.(loc); }}>
            <title>{provinceName(t, loc)}</title>
            <circle cx={x} cy={y} r={markerRadius} />
            {word && <text x={word.x} y={word.y} aria-hidden="true">{word.text}</text>}
          </g>
        );
      })}
      {leaders.map(({ code, from, to }) => (
        <line key={code} class="leader" x1={from[0]} y1={from[1]} x2={to[0]} y2={to[1]} style={{ strokeWidth: `${0.8 / scale}px` }} />
      ))}
      {labels.map((label) => (
        <text key={label.code} x={label.x} y={label.y} data-label={label.code} class={`label ${drawn[label.code].kind}`} aria-hidden="true">{label.text}</text>
      ))}
      {centreCodes.map((code) => {
        const [x, y] = centrePoint(code, k);
        const o = owner.get(code);
        return <circle key={code} data-center={code} data-owner={o ?? ''} cx={x} cy={y} r={token.centre.r * k} class="centre" fill={o ? powerColours[o] : '#fff'} style={{ strokeWidth: `${0.8 * k}px` }} />;
      })}
      {orders.map((o) => <OrderMark key={o.order} {...o} all={orders} scale={scale} k={k} />)}
      {/* Tap targets under every unit as drawn: a tap on a unit always reaches that unit. */}
      {onUnit && pickingUnits && allUnits.map(([u, at]) => (
        <circle key={`tap ${u.type} ${u.location}`} class="unit-tap" data-unit-tap={`${u.type} ${u.location}`} cx={at[0]} cy={at[1]} r={tapRadius}
          onClick={(e) => { e.stopPropagation(); onUnit(u); }} />
      ))}
      {allUnits.map(([u, at, isDislodged]) => (
        <UnitMark key={`${isDislodged ? 'd ' : ''}${u.type} ${u.location}`} unit={u} at={at} k={k} dislodged={isDislodged}
          disorder={disorder?.has(u.power)} selected={selected === `${u.type} ${u.location}`} onUnit={onUnit} />
      ))}
    </svg>
    </div>
  );
}
