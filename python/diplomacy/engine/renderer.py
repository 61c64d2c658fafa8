"""MILA's ``diplomacy.engine.renderer.Renderer``: a game drawn as SVG.

``Renderer(game).render(incl_orders=True, incl_abbrev=False, output_format="svg",
output_path=None)`` answers the SVG text (and writes it to ``output_path`` if given), as
MILA's does. The drawing is ours, not MILA's: the map of Stratagem's web client
(``web/src/generated/map.json``, copied beside this module at build as
``map_drawing.json``) with the web client's colours; MILA's SVG maps are not part of this
package. Drawn: every province (tinted by the power whose centre or influence it is), the
supply centres, the units (dislodged ones ringed in red, beside their province), the
phase, the note and each power's count of centres, and with ``incl_orders`` the orders
given (holds ringed, moves and retreats as arrows, supports dashed, convoys dotted, builds
faint, disbands crossed).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple
from xml.sax.saxutils import escape

from stratagem import _core

__all__ = ["Renderer"]

_DRAWING = Path(__file__).resolve().parent / "map_drawing.json"
# The web client's colours (web/src/diplomacy/colours.ts).
_MARKERS = {"AUSTRIA": "#7f0c00", "ENGLAND": "#000058", "FRANCE": "#203ffe", "GERMANY": "#2f001a",
            "ITALY": "#13a86e", "RUSSIA": "#ee2dc1", "TURKEY": "#b09111"}
_TINTS = {"AUSTRIA": "#eac284", "ENGLAND": "#72b3f6", "FRANCE": "#dce4ff", "GERMANY": "#a9a29b",
          "ITALY": "#70b583", "RUSSIA": "#ffaeda", "TURKEY": "#e8d976"}
_LAND, _SEA, _IMPASSABLE, _INK = "#efe6d2", "#b9d7ea", "#b8b1a2", "#3b3a35"
_UNIT_RADIUS = 9
# MILA's module's names of unit kinds and of the layers of its SVG.
ARMY, FLEET = "Army", "Fleet"
LAYER_ORDER, LAYER_UNIT, LAYER_DISL = "OrderLayer", "UnitLayer", "DislodgedUnitLayer"


class Renderer:
    """Draws a ``Game`` (MILA's ``Renderer(game, svg_path=None)``)."""

    def __init__(self, game: Any, svg_path: Optional[str] = None) -> None:
        if svg_path is not None:
            raise ValueError("svg_path: this renderer draws Stratagem's own map; it cannot fill in another SVG "
                             f"({svg_path!r})")
        if not _DRAWING.is_file():
            raise FileNotFoundError(f"{_DRAWING}: the map drawing is missing (it is copied there when the "
                                    "package is built: scripts/build)")
        self.game = game
        self.drawing: Dict[str, Any] = json.loads(_DRAWING.read_text())
        # Where each province's unit stands, and its centre marker beside it, as the web
        # client draws them at its largest unit size (map.json's unitScale and token).
        self._unit_points = {code: tuple(province["unit"]) for code, province in self.drawing["provinces"].items()}
        scale, centre = self.drawing["unitScale"], self.drawing["token"]["centre"]
        self._centre_offset = (centre["dx"] * scale, centre["dy"] * scale)

    def render(self, incl_orders: bool = True, incl_abbrev: bool = False, output_format: str = "svg",
               output_path: Optional[str] = None) -> str:
        """The game as SVG text; also written to ``output_path`` if given."""
        if output_format != "svg":
            raise ValueError(f"output_format: only 'svg' can be drawn, got {output_format!r}")
        width, height = self.drawing["width"], self.drawing["height"]
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
                 f'width="{width}" height="{height}" font-family="sans-serif">',
                 '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" markerHeight="5" '
                 'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="context-stroke"/></marker></defs>',
                 f'<rect width="{width}" height="{height}" fill="{_SEA}"/>']
        parts += self._provinces()
        parts += self._centres()
        if incl_abbrev:
            parts += [f'<text class="abbrev" x="{x}" y="{y - 12}" font-size="8" text-anchor="middle" '
                      f'fill="{_INK}">{code}</text>' for code, (x, y) in self._unit_points.items()]
        if incl_orders:
            parts += self._orders()
        parts += self._units()
        parts += self._caption()
        parts.append("</svg>")
        svg = "\n".join(parts)
        if output_path:
            Path(output_path).write_text(svg, encoding="utf-8")
        return svg

    # ------------------------------------------------------------------ the board
    def _provinces(self) -> List[str]:
        owner: Dict[str, str] = {}
        for name, power in self.game.powers.items():
            for province in list(power.influence) + list(power.centers):
                owner[province] = name
        parts = [f'<path d="{_path(rings)}" fill="{_LAND if kind == "land" else _SEA}" fill-rule="evenodd"/>'
                 for kind, rings in self.drawing["neutral"].items()]
        parts += [f'<path d="{_path([ring])}" fill="{_LAND}"/>' for ring in self.drawing["islandRings"]]
        for code, province in self.drawing["provinces"].items():
            fill = {"sea": _SEA, "impassable": _IMPASSABLE}.get(province["kind"], _LAND)
            if code in owner and province["kind"] == "land":
                fill = _TINTS[owner[code]]
            parts.append(f'<path class="province" id="{code}" d="{_path(province["rings"])}" fill="{fill}" '
                         f'fill-rule="evenodd" stroke="{_INK}" stroke-width="0.6"/>')
        return parts

    def _centres(self) -> List[str]:
        owner = {centre: name for name, power in self.game.powers.items() for centre in power.centers}
        parts = []
        for centre in _core.DiplomacyGame._supply_centres():
            x, y = self._unit_points[centre]
            dx, dy = self._centre_offset
            fill = _MARKERS.get(owner.get(centre, ""), "#ffffff")
            parts.append(f'<circle class="centre" cx="{x + dx}" cy="{y + dy}" r="4" fill="{fill}" '
                         f'stroke="{_INK}" stroke-width="1"/>')
        return parts

    def _units(self) -> List[str]:
        parts = []
        for name, power in self.game.powers.items():
            for unit in power.units:
                parts.append(self._unit(unit, name, dislodged=False))
            for unit in power.retreats:
                parts.append(self._unit(unit, name, dislodged=True))
        return [part for part in parts if part]

    def _unit(self, unit: str, power: str, dislodged: bool, faint: bool = False) -> str:
        point = self._point(unit[2:])
        if point is None:
            return ""
        x, y = (point[0] + 10, point[1] - 10) if dislodged else point
        ring = "#d40000" if dislodged else "#ffffff"
        opacity = ' opacity="0.45"' if faint else ""
        css = "unit dislodged" if dislodged else "build" if faint else "unit"
        return (f'<g class="{css}" data-unit="{escape(unit)}" data-power="{power}"{opacity}>'
                f'<circle cx="{x}" cy="{y}" r="{_UNIT_RADIUS}" fill="{_MARKERS[power]}" stroke="{ring}" '
                f'stroke-width="2"/><text x="{x}" y="{y + 4}" font-size="11" font-weight="bold" '
                f'text-anchor="middle" fill="#ffffff">{escape(unit[0])}</text></g>')

    def _caption(self) -> List[str]:
        counts = sorted(((len(power.centers), name) for name, power in self.game.powers.items() if power.centers),
                        reverse=True)
        lines = [self.game.get_current_phase(), " ".join(f"{name[:3]}: {count}" for count, name in counts)]
        if self.game.note:
            lines.append(self.game.note)
        return [f'<text class="caption" x="12" y="{22 + 18 * i}" font-size="15" fill="{_INK}">{escape(line)}</text>'
                for i, line in enumerate(lines)]

    # ------------------------------------------------------------------ orders
    def _orders(self) -> List[str]:
        parts = []
        for name in self.game.powers:
            for order in self.game.get_orders(name):
                parts += self._order(order.upper().split(), name)
        return [part for part in parts if part]

    def _order(self, words: List[str], power: str) -> List[str]:
        """One order drawn; nothing for an order whose places the map does not have."""
        if len(words) < 3:
            return []
        if words[-1] == "VIA":
            words = words[:-1]
        start = self._point(words[1])
        colour = _MARKERS[power]
        kind = words[2]
        if start is None:
            return []
        if kind == "H":
            return [f'<circle class="order hold" cx="{start[0]}" cy="{start[1]}" r="{_UNIT_RADIUS + 4}" '
                    f'fill="none" stroke="{colour}" stroke-width="2.5"/>']
        if kind in ("-", "R") and len(words) >= 4:
            return [_line("order move", start, self._point(words[-1]), colour, "", arrow=True)]
        if kind in ("S", "C") and len(words) >= 5:
            target = self._point(words[4])
            end = self._point(words[-1]) if len(words) >= 7 else target
            dash = "6,4" if kind == "S" else "2,4"
            css = "order support" if kind == "S" else "order convoy"
            return [_line(css, start, _middle(target, end) if len(words) >= 7 else target, colour, dash,
                          arrow=len(words) < 7)]
        if kind == "B":
            return [self._unit(" ".join(words[:2]), power, dislodged=False, faint=True)]
        if kind == "D":
            x, y = start
            r = _UNIT_RADIUS + 3
            return [f'<path class="order disband" d="M{x - r},{y - r} L{x + r},{y + r} M{x - r},{y + r} '
                    f'L{x + r},{y - r}" stroke="#d40000" stroke-width="3"/>']
        return []

    # ------------------------------------------------------------------ places
    def _point(self, location: str) -> Optional[Tuple[float, float]]:
        if location in self.drawing["coasts"]:
            return tuple(self.drawing["coasts"][location])
        return self._unit_points.get(location[:3])


def _path(rings: List[List[List[float]]]) -> str:
    return " ".join("M" + " L".join(f"{x},{y}" for x, y in ring) + " Z" for ring in rings if ring)


def _middle(a: Optional[Tuple[float, float]], b: Optional[Tuple[float, float]]):
    if a is None or b is None:
        return None
    return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)


def _line(css: str, start, end, colour: str, dash: str, arrow: bool) -> str:
    if end is None:
        return ""
    dashes = f' stroke-dasharray="{dash}"' if dash else ""
    marker = ' marker-end="url(#arrow)"' if arrow else ""
    return (f'<line class="{css}" x1="{start[0]}" y1="{start[1]}" x2="{end[0]}" y2="{end[1]}" stroke="{colour}" '
            f'stroke-width="2.5"{dashes}{marker}/>')
