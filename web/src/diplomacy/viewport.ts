// Zoom and pan of the map: the SVG's viewBox follows the mouse wheel, the +/−/fit buttons,
// a drag (mouse or one finger) and a pinch (two fingers). The whole map fits at start;
// the view is kept while orders are given (the map is not redrawn from scratch). A drag
// does not count as a click on what it started on.
import { useEffect, useRef, useState } from 'preact/hooks';

export interface View { x: number; y: number; w: number; h: number }

export const kMostZoom = 6;

/** The view zoomed by `factor` (>1 zooms in) around the map point (px, py), kept inside the map. */
export function zoomed(view: View, factor: number, px: number, py: number, width: number, height: number): View {
  const w = Math.min(width, Math.max(width / kMostZoom, view.w / factor));
  const h = (w * height) / width;
  const x = px - ((px - view.x) * w) / view.w;
  const y = py - ((py - view.y) * h) / view.h;
  return clamped({ x, y, w, h }, width, height);
}

export function clamped(view: View, width: number, height: number): View {
  return {
    ...view,
    x: Math.min(Math.max(0, view.x), width - view.w),
    y: Math.min(Math.max(0, view.y), height - view.h),
  };
}

export function useViewport(width: number, height: number) {
  const svg = useRef<SVGSVGElement>(null);
  const [view, setView] = useState<View>({ x: 0, y: 0, w: width, h: height });
  // Screen pixels per map unit at the whole map's view: the SVG's box, letterboxed.
  const [fitScale, setFitScale] = useState(1);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const moved = useRef(0);
  const suppressClick = useRef(false);

  useEffect(() => {
    const element = svg.current;
    if (!element) return undefined;
    const measure = () => setFitScale(Math.min(element.clientWidth / width, element.clientHeight / height) || 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    measure();
    // Wheel zoom must prevent the page's scroll: a passive listener cannot.
    const wheel = (e: WheelEvent) => {
      e.preventDefault();
      const point = mapPoint(element, e.clientX, e.clientY);
      setView((v) => zoomed(v, e.deltaY < 0 ? 1.25 : 0.8, point.x, point.y, width, height));
    };
    element.addEventListener('wheel', wheel, { passive: false });
    return () => { observer.disconnect(); element.removeEventListener('wheel', wheel); };
  }, [width, height]);

  /** A point of the map under the screen point (clientX, clientY). */
  function mapPoint(element: SVGSVGElement, clientX: number, clientY: number) {
    const point = element.createSVGPoint();
    point.x = clientX;
    point.y = clientY;
    const matrix = element.getScreenCTM();
    return matrix ? point.matrixTransform(matrix.inverse()) : point;
  }

  const onPointerDown = (e: PointerEvent) => {
    suppressClick.current = false;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.current.size === 1) moved.current = 0;
  };
  const onPointerMove = (e: PointerEvent) => {
    const element = svg.current;
    const before = pointers.current.get(e.pointerId);
    if (!element || !before) return;
    const scale = (fitScale * width) / view.w;
    if (pointers.current.size === 1) {
      const dx = e.clientX - before.x;
      const dy = e.clientY - before.y;
      moved.current += Math.abs(dx) + Math.abs(dy);
      if (moved.current > 6) {
        if (!element.hasPointerCapture(e.pointerId)) element.setPointerCapture(e.pointerId);
        setView((v) => clamped({ ...v, x: v.x - dx / scale, y: v.y - dy / scale }, width, height));
      }
    } else if (pointers.current.size === 2) {
      const [other] = [...pointers.current.entries()].filter(([id]) => id !== e.pointerId).map(([, p]) => p);
      const distanceBefore = Math.hypot(before.x - other.x, before.y - other.y);
      const distanceNow = Math.hypot(e.clientX - other.x, e.clientY - other.y);
      moved.current += 100;
      if (distanceBefore > 0) {
        const middle = mapPoint(element, (e.clientX + other.x) / 2, (e.clientY + other.y) / 2);
        setView((v) => zoomed(v, distanceNow / distanceBefore, middle.x, middle.y, width, height));
      }
    }
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
  };
  const onPointerUp = (e: PointerEvent) => {
    pointers.current.delete(e.pointerId);
    if (moved.current > 6) suppressClick.current = true;
  };
  const onClickCapture = (e: Event) => {
    if (suppressClick.current) {
      suppressClick.current = false;
      e.stopPropagation();
      e.preventDefault();
    }
  };
  const zoomBy = (factor: number) => setView((v) => zoomed(v, factor, v.x + v.w / 2, v.y + v.h / 2, width, height));
  const fit = () => setView({ x: 0, y: 0, w: width, h: height });

  return {
    svg,
    view,
    /** Screen pixels per map unit. */
    scale: (fitScale * width) / view.w,
    handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp, onClickCapture },
    zoomBy,
    fit,
  };
}
