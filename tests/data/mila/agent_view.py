"""What LLM-agent code asks of the package when it builds a prompt (as GoodStartLabs'
AI_Diplomacy does, ai_diplomacy/possible_order_context.py and prompt_constructor.py): a
graph of the map from ``game.map`` (``locs``, ``loc_coasts``, ``abuts``), each unit's
place described from ``loc_name``, ``loc_type``, ``scs`` and ``get_state()``, its
neighbours and the nearest centres it does not own, the orders it may give
(``get_orderable_locations``, ``get_all_possible_orders``) and the same orders through
``map.norm``; written here in our own words, run under MILA by generate.py and under ours
by python/tests/test_mila_agent_calls.py.
"""

from collections import deque


def map_graph(game_map):
    """province -> {"A": provinces an army moves to, "F": provinces a fleet on any of its
    coasts moves to}, from abuts() over loc_coasts, as agent code builds it."""
    provinces = sorted({loc.upper()[:3] for loc in game_map.locs})
    graph = {}
    for province in provinces:
        coasts = list(game_map.loc_coasts.get(province, [province]))
        graph[province] = {
            "A": [other for other in provinces if game_map.abuts("A", province, "-", other)],
            "F": [other for other in provinces
                  if any(game_map.abuts("F", here, "-", there)
                         for here in coasts for there in game_map.loc_coasts.get(other, [other]))],
        }
    return graph


def controller(state, province):
    return next((power for power, centers in state["centers"].items() if province in centers), None)


def occupants(state, province):
    """The units in a province (a dislodged one too, as '*A PAR'), with their powers."""
    return sorted(f"{unit} ({power})" for power, units in state["units"].items() for unit in units
                  if unit.lstrip("*")[2:5] == province)


def nearest(graph, start, kind, wanted, state):
    """The first province by breadth-first search from `start` for which wanted() holds,
    with its distance."""
    seen, queue = {start}, deque([(start, 0)])
    while queue:
        here, distance = queue.popleft()
        if here != start and wanted(here, state):
            return [here, distance]
        for there in graph[here][kind]:
            if there not in seen:
                seen.add(there)
                queue.append((there, distance + 1))
    return None


def place_view(game, graph, power):
    """Per unit of `power`: where it stands, what it borders (with the terrain, centre,
    controller and units of each neighbour) and the nearest centre it does not own."""
    game_map = game.map
    state = game.get_state()
    units = {}
    for unit in state["units"][power]:
        loc = unit.lstrip("*")[2:]
        province = game_map.loc_name.get(loc, loc).upper()[:3]
        kind = "A" if unit.lstrip("*")[0] == "A" else "F"
        units[unit] = {
            "province": province, "type": game_map.loc_type.get(province, game_map.loc_type.get(province.lower())),
            "centre": province in game_map.scs, "controller": controller(state, province),
            "neighbours": [[there, game_map.area_type(there), there in game_map.scs, controller(state, there),
                            occupants(state, there)] for there in graph[province][kind]],
            "nearest_centre": nearest(graph, province, kind,
                                      lambda there, s: there in game_map.scs and controller(s, there) != power, state),
        }
    return {"units": units, "eliminated": game.powers[power].is_eliminated(), "phase": game.current_short_phase}


def orders_view(game, power):
    """The orders `power` may give, by location, as agent code gathers them."""
    possible = game.get_all_possible_orders()
    return {loc: sorted(possible.get(loc, [])) for loc in game.get_orderable_locations(power)}


def normed(game_map, orders):
    """Orders as agent code compares them: through map.norm()."""
    return {loc: [game_map.norm(order) for order in listed] for loc, listed in orders.items()}
