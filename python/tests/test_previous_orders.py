"""stratagem.env.encode_previous_orders: DipNet's second input, the orders of each game's
last movement phase per location, filled by C++."""
import pytest

numpy = pytest.importorskip("numpy", reason="Debian's python3-numpy (scripts/install-deps)")

from stratagem.diplomacy import Game  # noqa: E402
from stratagem.env import LOCATIONS, ORDER_FEATURE_NAMES, encode_previous_orders  # noqa: E402


def features(rows, location):
    return {ORDER_FEATURE_NAMES[k] for k in range(40) if rows[LOCATIONS.index(location), k]}


NO_ORDER = {"unit_none", "issuer_none", "order_none", "source_power_none", "destination_power_none"}


def test_before_any_movement_every_row_says_no_order():
    rows = encode_previous_orders([Game()])
    assert rows.shape == (1, 81, 40) and rows.dtype == numpy.float32
    assert features(rows[0], "PAR") == NO_ORDER | {"centre_owner_FRANCE"}
    assert features(rows[0], "MAO") == NO_ORDER


def test_the_last_movement_phase_orders_location_by_location():
    game = Game()
    game.set_orders("FRANCE", ["A PAR - BUR", "A MAR S A PAR - BUR", "F BRE H"])
    game.set_orders("GERMANY", ["A MUN - BUR", "F KIE - HOL"])
    game.set_orders("RUSSIA", ["F STP/SC - BOT"])
    game.set_orders("ENGLAND", ["F LON - ENG", "A LVP - YOR"])
    game.process()
    rows = encode_previous_orders([game])[0]
    assert features(rows, "PAR") == {"unit_army", "issuer_FRANCE", "order_move", "source_power_none",
                                     "destination_power_none", "centre_owner_FRANCE"}
    assert features(rows, "MAR") == {"unit_army", "issuer_FRANCE", "order_support", "source_power_FRANCE",
                                     "destination_power_none", "centre_owner_FRANCE"}
    assert features(rows, "BRE") == {"unit_fleet", "issuer_FRANCE", "order_hold", "source_power_none",
                                     "destination_power_none", "centre_owner_FRANCE"}
    # A fleet on a named coast: on the coast and on its province.
    for place in ("STP", "STP/SC"):
        assert {"unit_fleet", "issuer_RUSSIA", "order_move"} <= features(rows, place), place
    assert "order_none" in features(rows, "STP/NC")
    # Units with no order are "no order"; until the next movement phase is played, the same.
    assert "order_none" in features(rows, "VIE")
    while game.get_current_phase()[-1] != "M":
        game.process()
    assert (encode_previous_orders([game])[0] == rows).all()


def test_supports_and_convoys_name_the_powers_involved():
    game = Game()
    game.set_orders("ENGLAND", ["F LON - NTH", "F EDI - NWG", "A LVP - YOR"])
    game.process()
    game.set_orders("ENGLAND", ["F NTH C A YOR - NWY", "A YOR - NWY VIA", "F NWG S F NTH"])
    game.set_orders("GERMANY", ["A MUN S A BER", "F KIE - DEN"])
    game.process()
    rows = encode_previous_orders([game])[0]
    assert {"order_convoy", "source_power_ENGLAND", "destination_power_none"} <= features(rows, "NTH")
    assert {"order_support", "source_power_ENGLAND", "destination_power_ENGLAND"} <= features(rows, "NWG")
    assert {"order_support", "source_power_GERMANY", "destination_power_GERMANY"} <= features(rows, "MUN")
    assert "order_move" in features(rows, "YOR")
    batch = encode_previous_orders([Game(), game])
    assert (batch[1] == rows).all() and "order_none" in features(batch[0], "YOR")


def test_a_game_read_back_from_its_saved_form_encodes_the_same():
    game = Game()
    game.set_orders("FRANCE", ["A PAR - BUR", "A MAR S A PAR - BUR", "F BRE - MAO"])
    game.set_orders("ITALY", ["A VEN - TYR", "F NAP - ION"])
    game.set_orders("TURKEY", ["A BUL"])  # no such unit: not read, not encoded
    game.process()
    before = encode_previous_orders([game])[0]
    again = Game.from_saved_game_format(game.to_saved_game_format())
    assert (encode_previous_orders([again])[0] == before).all()
    assert features(before, "BUR") >= {"order_none"} and "order_move" in features(before, "VEN")
