// What a click may order, from the variant's adjacency: only orders the engine would
// accept as possible are offered (the server checks them again).
import variant from '../generated/variant.json';

export interface Unit { type: 'A' | 'F'; location: string; power: string }
type Province = (typeof variant.provinces)[number] & { coasts: Record<string, { fleet: string[] }> };

export const provinces = new Map<string, Province>(variant.provinces.map((p) => [p.code, p as Province]));
export const powers = variant.powers.map((p) => p.code);
export const homeCentres = new Map(variant.powers.map((p) => [p.code, p.home]));
/** The start: each power's units and home centres, shown while a game waits for players. */
export const startUnits: Record<string, string[]> = Object.fromEntries(variant.powers.map((p) => [p.code, p.units]));
export const startCentres: Record<string, string[]> = Object.fromEntries(variant.powers.map((p) => [p.code, p.home]));

export const provinceOf = (location: string) => location.split('/')[0];
export const unitText = (u: Unit) => `${u.type} ${u.location}`;

export function parseUnit(text: string, power: string): Unit {
  const [type, location] = text.trim().split(/\s+/);
  return { type: type as 'A' | 'F', location, power };
}

export function unitsOf(units: Record<string, string[]>): Unit[] {
  return Object.entries(units).flatMap(([power, list]) => list.map((u) => parseUnit(u, power)));
}

/** Locations (province or PROV/COAST) a unit can move to directly. */
export function moveTargets(unit: Unit): string[] {
  const [code, coast] = unit.location.split('/');
  const p = provinces.get(code)!;
  if (unit.type === 'A') return p.army;
  return coast ? p.coasts[coast].fleet : p.fleet;
}

/** Provinces a fleet could sail to from `code`, from any of its coasts: a province with two
 * coasts (BUL, SPA, STP) keeps its fleet neighbours per coast. */
export function fleetNeighbours(code: string): string[] {
  const p = provinces.get(code)!;
  return [...new Set([...p.fleet, ...Object.values(p.coasts).flatMap((c) => c.fleet)].map(provinceOf))];
}

/** Provinces an army can reach by a chain of fleets in seas (a convoy). */
export function convoyTargets(unit: Unit, all: Unit[]): string[] {
  if (unit.type !== 'A' || provinces.get(unit.location)?.type !== 'coastal') return [];
  const fleetSeas = new Set(all.filter((u) => u.type === 'F' && provinces.get(u.location)?.type === 'sea').map((u) => u.location));
  const reached = new Set<string>();
  const seen = new Set<string>();
  const queue = fleetNeighbours(unit.location).filter((s) => fleetSeas.has(s));
  while (queue.length) {
    const sea = queue.shift()!;
    if (seen.has(sea)) continue;
    seen.add(sea);
    for (const next of provinces.get(sea)!.fleet.map(provinceOf)) {
      if (fleetSeas.has(next)) queue.push(next);
      else if (provinces.get(next)?.type === 'coastal' && next !== unit.location) reached.add(next);
    }
  }
  return [...reached];
}

/** The seas an army convoyed from `from` to `to` passes through, in order: the shortest
 * chain of the seas in `seas` (those of its convoying fleets), or of any seas when none
 * is given; empty when there is none. */
export function convoyRoute(from: string, to: string, seas?: Set<string>): string[] {
  const usable = (code: string) => provinces.get(code)?.type === 'sea' && (!seas || seas.has(code));
  const previous = new Map<string, string | null>(fleetNeighbours(from).filter(usable).map((s) => [s, null]));
  const queue = [...previous.keys()];
  while (queue.length) {
    const sea = queue.shift()!;
    const next = fleetNeighbours(sea);
    if (next.includes(to)) {
      const route = [sea];
      for (let back = previous.get(sea); back; back = previous.get(back)) route.unshift(back);
      return route;
    }
    for (const other of next.filter((s) => usable(s) && !previous.has(s))) {
      previous.set(other, sea);
      queue.push(other);
    }
  }
  return [];
}

/** Where a click on `province` sends the unit: the locations it may name (two when a
 * fleet could reach either coast, so the coast must be asked), or none. */
export function destinations(unit: Unit, province: string, all: Unit[]): string[] {
  const direct = moveTargets(unit).filter((loc) => provinceOf(loc) === province);
  if (direct.length) return direct;
  return convoyTargets(unit, all).includes(province) ? [province] : [];
}

/** Can `supporter` support a unit into (or holding in) `province`? It must be able to
 * move there itself, coasts aside. */
export function canSupportInto(supporter: Unit, province: string) {
  return moveTargets(supporter).some((loc) => provinceOf(loc) === province);
}

export function moveOrder(unit: Unit, to: string) { return `${unitText(unit)} - ${to}`; }
export function holdOrder(unit: Unit) { return `${unitText(unit)} H`; }
export function supportOrder(unit: Unit, supported: Unit, to: string) {
  return provinceOf(supported.location) === to ? `${unitText(unit)} S ${unitText(supported)}` : `${unitText(unit)} S ${unitText(supported)} - ${to}`;
}
export function convoyOrder(fleet: Unit, army: Unit, to: string) { return `${unitText(fleet)} C ${unitText(army)} - ${to}`; }
export function retreatOrder(unit: Unit, to: string) { return `${unitText(unit)} R ${to}`; }
export function disbandOrder(unit: Unit) { return `${unitText(unit)} D`; }
export function buildOrder(type: 'A' | 'F', location: string) { return `${type} ${location} B`; }

/** Places a power may build in: its home centres that it owns and that are empty. */
export function buildSites(power: string, centres: Record<string, string[]>, all: Unit[]) {
  const occupied = new Set(all.map((u) => provinceOf(u.location)));
  const owned = new Set(centres[power] ?? []);
  return (homeCentres.get(power) ?? []).filter((c) => owned.has(c) && !occupied.has(c));
}

/** The unit an order (canonical text) is for: "A PAR" of "A PAR - BUR". */
export function orderedUnit(order: string) {
  const m = /^([AF]) (\S+)/.exec(order);
  return m ? `${m[1]} ${m[2]}` : order;
}

/** Build locations for a unit type: fleets only on coasts, and on a split coast each coast. */
export function buildLocations(type: 'A' | 'F', province: string) {
  const p = provinces.get(province)!;
  if (type === 'A') return [province];
  if (p.type !== 'coastal') return [];
  const coasts = Object.keys(p.coasts);
  return coasts.length ? coasts.map((c) => `${province}/${c}`) : [province];
}
