"""The modules of MILA's package that research code imports beyond the game: the
renderer draws our own map as SVG; the server, client and DAIDE packages, which are not
here, say so on import and name what to use instead."""

import importlib
import xml.etree.ElementTree as ElementTree

import pytest

from diplomacy import Game
from diplomacy.engine.renderer import Renderer

SVG = "{http://www.w3.org/2000/svg}"


def drawn(svg, css):
    return [element for element in ElementTree.fromstring(svg).iter() if element.get("class") == css]


def test_the_renderer_draws_every_unit_centre_and_province_and_the_phase():
    game = Game()
    svg = Renderer(game).render()
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    units = {(g.get("data-power"), g.get("data-unit")) for g in drawn(svg, "unit")}
    assert units == {(name, unit) for name, power in game.powers.items() for unit in power.units}
    assert len(drawn(svg, "centre")) == 34
    assert len(drawn(svg, "province")) == 76
    assert [text.text for text in drawn(svg, "caption")][0] == "S1901M"
    assert not drawn(svg, "abbrev") and len(drawn(Renderer(game).render(incl_abbrev=True), "abbrev")) == 76


def test_the_renderer_draws_the_orders_given_and_dislodged_units(tmp_path):
    game = Game()
    game.set_units("ENGLAND", ["F NTH", "A YOR"], reset=True)
    game.set_orders("FRANCE", ["A PAR - BUR", "A MAR S A PAR - BUR", "F BRE H"])
    game.set_orders("ENGLAND", ["A YOR - NWY VIA", "F NTH C A YOR - NWY"])
    svg = Renderer(game).render(output_path=str(tmp_path / "game.svg"))
    assert (tmp_path / "game.svg").read_text(encoding="utf-8") == svg
    assert len(drawn(svg, "order move")) == 2 and len(drawn(svg, "order support")) == 1
    assert len(drawn(svg, "order hold")) == 1 and len(drawn(svg, "order convoy")) == 1
    assert not drawn(Renderer(game).render(incl_orders=False), "order move")
    game.set_units("GERMANY", ["*A BUR"])
    assert [g.get("data-unit") for g in drawn(Renderer(game).render(), "unit dislodged")] == ["A BUR"]


def test_the_renderer_refuses_what_it_cannot_draw():
    with pytest.raises(ValueError, match="only 'svg'"):
        Renderer(Game()).render(output_format="png")
    with pytest.raises(ValueError, match="svg_path"):
        Renderer(Game(), svg_path="standard.svg")


@pytest.mark.parametrize("module, instead", [("diplomacy.server.server", "stratagem serve"),
                                             ("diplomacy.client.connection", "HTTP"),
                                             ("diplomacy.daide", "stratagem serve --daide")])
def test_milas_server_client_and_daide_say_they_are_not_here(module, instead):
    with pytest.raises(ImportError, match=instead) as refused:
        importlib.import_module(module)
    assert "not part of Stratagem's diplomacy package" in str(refused.value)


def test_milas_server_and_connect_from_the_package_say_where_they_are_not():
    with pytest.raises(ImportError, match="diplomacy.server"):
        from diplomacy import Server  # noqa: F401
    with pytest.raises(ImportError, match="diplomacy.client"):
        from diplomacy import connect  # noqa: F401
