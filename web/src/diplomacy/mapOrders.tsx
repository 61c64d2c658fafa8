// Orders drawn on the map (data-drawn-order, with data-result once processed): a move as
// an arrow, a convoyed move along its route through the convoying fleets' seas, a support
// as a dashed line to the move it supports (or to the unit it holds), a convoy as a
// dotted line along the army's route, a hold as a ring, a build as a dashed ring, a
// removal as a cross; an order that failed is dashed and crossed. Lines keep about the
// same width on screen at every zoom.
import { useT, orderSentence } from '../ui/i18n';
import { powerColours } from './colours';
import { convoyRoute, provinceOf } from './board';
import { drawn, locationPoint, type Point } from './mapData';

export interface DrawnOrder { order: string; power: string; result?: string; reason?: string }

const seaPoint = (code: string): Point => { const [x, y] = drawn[code].unit; return [x, y]; };

function shorten(from: Point, to: Point, by: number): Point {
  const dx = to[0] - from[0];
  const dy = to[1] - from[1];
  const length = Math.hypot(dx, dy) || 1;
  return [to[0] - (dx / length) * by, to[1] - (dy / length) * by];
}

/** A smooth path through the points: straight ends, corners rounded at each sea. */
function routePath(points: Point[]) {
  if (points.length === 2) return `M${points[0].join(',')}L${points[1].join(',')}`;
  let d = `M${points[0].join(',')}`;
  for (let i = 1; i < points.length - 1; i++) {
    const [a, b, c] = [points[i - 1], points[i], points[i + 1]];
    const into: Point = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    const out: Point = [(b[0] + c[0]) / 2, (b[1] + c[1]) / 2];
    d += `L${into.join(',')}Q${b.join(',')} ${out.join(',')}`;
  }
  return `${d}L${points[points.length - 1].join(',')}`;
}

/** The points an army's move passes: straight, or through the seas of its convoy. */
function movePoints(unit: string, to: string, via: boolean, convoys: DrawnOrder[]): Point[] {
  const from = locationPoint(unit);
  const end = locationPoint(to);
  if (!via) return [from, end];
  const fleets = new Set(convoys.map((c) => provinceOf(c.order.split(' ')[1])));
  const seas = convoyRoute(provinceOf(unit), provinceOf(to), fleets.size ? fleets : undefined);
  return [from, ...seas.map(seaPoint), end];
}

interface Props extends DrawnOrder {
  /** Every order drawn, so that a move finds the fleets convoying it. */
  all: DrawnOrder[];
  /** Screen pixels per map unit, and the factor units are drawn at. */
  scale: number;
  k: number;
}

export function OrderMark({ order, power, result, reason, all, scale, k }: Props) {
  const { t } = useT();
  const colour = powerColours[power] ?? '#333';
  const failed = result !== undefined && !['ok', 'hold'].includes(result);
  const words = order.split(' ');
  const unit = words[1];
  const from = locationPoint(unit);
  const width = Math.max(1.4, 2.2 / scale);
  const title = [orderSentence(t, order), result && t(`game.result_${result}`), reason].filter(Boolean).join(' — ');
  const common = { 'data-drawn-order': order, 'data-result': result, class: `order${failed ? ' failed' : ''}` };
  const cross = (at: Point) => <text x={at[0]} y={at[1]} class="bounce-mark" style={{ fontSize: `${12 / scale}px` }}>✕</text>;
  const convoysOf = (army: string, to: string) => all.filter((o) => {
    const w = o.order.split(' ');
    return w[2] === 'C' && w[4] === army && w[6] === to;
  });

  if (words[2] === '-' || words[2] === 'R') {
    const to = words[3];
    const points = movePoints(unit, to, words[4] === 'VIA' || (words[2] === '-' && convoysOf(unit, to).length > 0), convoysOf(unit, to));
    const end = shorten(points[points.length - 2], points[points.length - 1], 8 * k);
    const path = routePath([...points.slice(0, -1), end]);
    return (
      <g {...common}>
        <title>{title}</title>
        <path class="route" d={path} fill="none" stroke={colour} stroke-width={width} stroke-dasharray={failed ? `${2 * width} ${width}` : undefined}
          stroke-linecap="round" marker-end={`url(#arrow-${failed ? 'failed' : power})`} />
        {failed && cross(end)}
      </g>
    );
  }
  if (words[2] === 'S' || words[2] === 'C') {
    const supported = locationPoint(words[4]);
    const moving = words[5] === '-';
    if (words[2] === 'C') {
      const points = movePoints(words[4], words[6], true, [{ order, power }]);
      return (
        <g {...common}>
          <title>{title}</title>
          <path class="route" d={routePath(points)} fill="none" stroke={colour} stroke-width={width * 0.7} stroke-dasharray={`${0.3 * width} ${1.6 * width}`} stroke-linecap="round" />
          {failed && cross(from)}
        </g>
      );
    }
    const target = moving ? locationPoint(words[6]) : supported;
    const mid: Point = moving ? [(supported[0] + target[0]) / 2, (supported[1] + target[1]) / 2] : supported;
    return (
      <g {...common}>
        <title>{title}</title>
        <path class="route" d={`M${from.join(',')}L${mid.join(',')}`} stroke={colour} stroke-width={width * 0.75} stroke-dasharray={`${2 * width} ${1.4 * width}`} fill="none" stroke-linecap="round" />
        <circle cx={mid[0]} cy={mid[1]} r={width * 1.2} fill={colour} />
        {failed && cross(mid)}
      </g>
    );
  }
  const ring = (dashed: boolean) => (
    <circle cx={from[0]} cy={from[1]} r={10.5 * k} fill="none" stroke={colour} stroke-width={width * 0.75} stroke-dasharray={dashed ? `${width} ${width}` : undefined} />
  );
  if (words[2] === 'H') return <g {...common}><title>{title}</title>{ring(false)}{failed && cross([from[0] + 9 * k, from[1] - 7 * k])}</g>;
  if (words[2] === 'B') return <g {...common}><title>{title}</title>{ring(true)}</g>;
  if (words[2] === 'D') return <g {...common}><title>{title}</title>{cross(from)}</g>;
  return null;
}
