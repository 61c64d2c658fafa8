"""The game drawn as MILA's ``game.render()`` does it, with the renderer kept on the game
(``game.renderer``); a part of ``diplomacy.engine.game.Game``. The drawing is Stratagem's
own map (engine/renderer.py)."""

from typing import Optional


class Drawing:
    """``render`` and ``renderer`` of a ``Game`` (a base class of it)."""

    renderer = None

    def render(self, incl_orders: bool = True, incl_abbrev: bool = False, output_format: str = "svg",
               output_path: Optional[str] = None) -> str:
        """The game as SVG text, its orders drawn with ``incl_orders``, the places'
        abbreviations with ``incl_abbrev``; also written to ``output_path`` if given."""
        if self.renderer is None:
            # Imported when first drawn: the renderer's XML escaping loads urllib and
            # http.client, a fifth of the package's import time, which most scripts never use.
            from .renderer import Renderer  # pylint: disable=import-outside-toplevel
            self.renderer = Renderer(self)
        return self.renderer.render(incl_orders=incl_orders, incl_abbrev=incl_abbrev, output_format=output_format,
                                    output_path=output_path)
