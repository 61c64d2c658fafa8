#!/usr/bin/python3
"""Writes MILA's error table and MILA's answers to orders it refuses, by running MILA's
`diplomacy` itself (nothing of MILA's is kept here, only what it answers):

    PYTHONPATH=/work/ext/mila python3 python/tests/data/make_mila_errors.py

- python/diplomacy/utils/mila_errors.json: every error MILA's `diplomacy.utils.errors`
  defines, by name: its code and message (what `game.error` holds is one of them with the
  order put in), read by our `diplomacy.utils.errors`;
- python/tests/data/mila_errors.json: for each order below, given alone to a power of a
  new game, `game.error` (codes and texts) and the orders MILA kept.
"""

import json
from pathlib import Path

from diplomacy import Game
from diplomacy.utils import errors
from diplomacy.utils.common import StringableCode

HERE = Path(__file__).resolve().parent

ORDERS = [
    ("FRANCE", "A PAR - MOS"), ("FRANCE", "A PAR - LON"), ("FRANCE", "A PAR - MAO"), ("FRANCE", "F BRE - PAR"),
    ("FRANCE", "F BRE - LON"), ("FRANCE", "A PAR - PAR"), ("FRANCE", "A PAR S A PAR"),
    ("FRANCE", "A PAR S A MAR - SPA"), ("FRANCE", "A PAR S A MUN - RUH"), ("FRANCE", "A MAR S A PAR - GAS"),
    ("FRANCE", "A PAR S A BRE"), ("FRANCE", "A PAR S A MUN - BUR"), ("FRANCE", "A PAR S A LON - BUR"),
    ("FRANCE", "F BRE C A PAR - LON"), ("FRANCE", "A PAR C A MAR - BUR"), ("FRANCE", "A MOS - STP"),
    ("FRANCE", "A BER - KIE"), ("FRANCE", "F PAR - BUR"), ("ENGLAND", "A LON - BEL"),
    ("ENGLAND", "F LON - YOR - EDI"), ("GERMANY", "A MUN - SIL - WAR"), ("RUSSIA", "F SEV - ARM"),
    ("RUSSIA", "A MOS - SEV"), ("RUSSIA", "A WAR S A MOS - LVN"), ("ITALY", "A VEN - TRI"),
    ("ITALY", "F NAP - ROM"), ("TURKEY", "A CON - BUL"), ("TURKEY", "F ANK - SMY"),
]


def main():
    table = {name: [value.code, value.message] for name, value in sorted(vars(errors).items())
             if isinstance(value, StringableCode)}
    (HERE.parent.parent / "diplomacy" / "utils" / "mila_errors.json").write_text(
        json.dumps(table, indent=0, sort_keys=True) + "\n")
    cases = []
    for power, order in ORDERS:
        game = Game()
        game.set_orders(power, [order])
        cases.append({"power": power, "order": order, "orders": game.get_orders(power),
                      "error": [[error.code, str(error)] for error in game.error]})
    (HERE / "mila_errors.json").write_text(json.dumps(cases, indent=1) + "\n")
    print(f"{len(table)} errors, {len(cases)} orders")


if __name__ == "__main__":
    main()
