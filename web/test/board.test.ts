import { describe, expect, it } from 'vitest';
import * as board from '../src/diplomacy/board';
import { capturedPieces, isFrozen, parseMove, parsePosition, startPosition } from '../src/dragonchess/position';

const start = board.unitsOf({
  ENGLAND: ['F LON', 'F EDI', 'A LVP'], FRANCE: ['A PAR', 'A MAR', 'F BRE'], RUSSIA: ['F STP/SC', 'A MOS', 'A WAR', 'F SEV'],
});
const unit = (text: string) => start.find((u) => board.unitText(u) === text)!;

describe('orders a click can make', () => {
  it('moves an army only to provinces it borders', () => {
    expect(board.destinations(unit('A PAR'), 'BUR', start)).toEqual(['BUR']);
    expect(board.destinations(unit('A PAR'), 'MUN', start)).toEqual([]);
    expect(board.destinations(unit('A PAR'), 'ENG', start)).toEqual([]);
  });

  it('asks for the coast only when a fleet could reach both', () => {
    const mao = { type: 'F' as const, location: 'MAO', power: 'FRANCE' };
    expect(board.destinations(mao, 'SPA', start).sort()).toEqual(['SPA/NC', 'SPA/SC']);
    const gas = { type: 'F' as const, location: 'GAS', power: 'FRANCE' };
    expect(board.destinations(gas, 'SPA', start)).toEqual(['SPA/NC']);
    expect(board.destinations(unit('F STP/SC'), 'BOT', start)).toEqual(['BOT']);
    expect(board.destinations(unit('F STP/SC'), 'BAR', start)).toEqual([]);
  });

  it('offers convoy moves only along a chain of fleets in seas', () => {
    expect(board.destinations(unit('A LVP'), 'NWY', start)).toEqual([]);
    const withFleets = [...start, { type: 'F' as const, location: 'NTH', power: 'ENGLAND' }, { type: 'F' as const, location: 'IRI', power: 'ENGLAND' }];
    const lvp = withFleets.find((u) => board.unitText(u) === 'A LVP')!;
    expect(board.destinations(lvp, 'NWY', withFleets)).toEqual([]);
    const lon = { type: 'A' as const, location: 'LON', power: 'ENGLAND' };
    expect(board.destinations(lon, 'NWY', [...withFleets, lon])).toEqual(['NWY']);
    expect(board.convoyTargets(lon, [...withFleets, lon])).toContain('BEL');
    expect(board.convoyTargets(lon, [...withFleets, lon])).not.toContain('BRE');
  });

  it('convoys armies from and to provinces with two coasts', () => {
    const army = (location: string) => ({ type: 'A' as const, location, power: 'TURKEY' });
    const fleet = (location: string) => ({ type: 'F' as const, location, power: 'TURKEY' });
    const bul = army('BUL');
    expect(board.convoyTargets(bul, [bul, fleet('BLA')]).sort()).toEqual(['ANK', 'ARM', 'CON', 'RUM', 'SEV']);
    const spa = army('SPA');
    expect(board.convoyTargets(spa, [spa, fleet('WES')])).toContain('NAF');
    const smy = army('SMY');
    expect(board.convoyTargets(smy, [smy, fleet('EAS'), fleet('ION')])).toContain('APU');
    const stp = army('STP');
    expect(board.convoyTargets(stp, [stp, fleet('BAR')])).toContain('NWY');
    expect(board.convoyTargets(stp, [stp, fleet('BOT')])).toContain('SWE');
    expect(board.fleetNeighbours('SPA').sort()).toEqual(['GAS', 'LYO', 'MAO', 'MAR', 'POR', 'WES']);
  });

  it('finds a convoyed army\'s route through its fleets\' seas, the shortest one', () => {
    expect(board.convoyRoute('BUL', 'ANK', new Set(['BLA']))).toEqual(['BLA']);
    expect(board.convoyRoute('LON', 'NWY', new Set(['NTH']))).toEqual(['NTH']);
    expect(board.convoyRoute('SMY', 'APU', new Set(['EAS', 'ION']))).toEqual(['EAS', 'ION']);
    expect(board.convoyRoute('BRE', 'LVP', new Set(['MAO', 'IRI', 'NAO']))).toEqual(['MAO', 'IRI']);
    // Without the fleets' seas, any seas; without a chain, none.
    expect(board.convoyRoute('LVP', 'NWY')).toEqual(['NAO', 'NWG']);
    expect(board.convoyRoute('BUL', 'NAP', new Set(['BLA']))).toEqual([]);
  });

  it('writes canonical order text', () => {
    expect(board.moveOrder(unit('A PAR'), 'BUR')).toBe('A PAR - BUR');
    expect(board.supportOrder(unit('A MAR'), unit('A PAR'), 'BUR')).toBe('A MAR S A PAR - BUR');
    expect(board.supportOrder(unit('A MAR'), unit('A PAR'), 'PAR')).toBe('A MAR S A PAR');
    expect(board.holdOrder(unit('F BRE'))).toBe('F BRE H');
    expect(board.buildOrder('F', 'STP/NC')).toBe('F STP/NC B');
    expect(board.orderedUnit('F NTH C A LON - NWY')).toBe('F NTH');
  });

  it('builds only on owned, empty home centres, fleets only on coasts', () => {
    const centres = { RUSSIA: ['STP', 'MOS', 'WAR', 'SEV'] };
    expect(board.buildSites('RUSSIA', centres, start.filter((u) => u.location !== 'MOS'))).toEqual(['MOS']);
    expect(board.buildLocations('F', 'MOS')).toEqual([]);
    expect(board.buildLocations('F', 'STP')).toEqual(['STP/NC', 'STP/SC']);
  });
});

describe('Dragonchess notation', () => {
  const startpos = '2g3r3g1/s1s1s1s1s1s1/12/12/12/12/S1S1S1S1S1S1/2G3R3G1|ouhtcmkpthuo/wwwwwwwwwwww/12/12/12/12/WWWWWWWWWWWW/OUHTCMKPTHUO|2b3e3b1/1d1d1d1d1d1d/12/12/12/12/1D1D1D1D1D1D/2B3E3B1 g 0 1';
  it('reads the start position', () => {
    const pieces = parsePosition(startpos);
    expect(pieces.size).toBe(84);
    expect(pieces.get('3g1')).toBe('E');
    expect(pieces.get('2f1')).toBe('M');
    expect(pieces.get('1c8')).toBe('g');
    expect(pieces.get('2e2')).toBe('W');
    expect(pieces.get('2e3')).toBeUndefined();
  });
  it('reads moves and knows frozen pieces', () => {
    expect(parseMove('R1g8*2g7')).toMatchObject({ piece: 'R', from: '1g8', kind: '*', to: '2g7' });
    expect(parseMove('W2e7-2e8=H')).toMatchObject({ promotion: true, to: '2e8' });
    expect(parseMove('nonsense')).toBeNull();
    const pieces = new Map([['2c3', 'W'], ['3c3', 'b'], ['2d3', 'w']]);
    expect(isFrozen(pieces, '2c3')).toBe(true);
    expect(isFrozen(pieces, '2d3')).toBe(false);
  });
});

describe('captured Dragonchess pieces', () => {
  it('counts what each side lost since the start, a promotion being no loss', () => {
    expect([...capturedPieces(startPosition, [])]).toEqual([]);
    // Scarlet's Warrior on 2a7 gone, and a Gold Warrior promoted to a Hero.
    const position = startPosition.replace('|ouhtcmkpthuo/wwwwwwwwwwww/', '|ouhtcmkpthuo/1wwwwwwwwwww/').replace('/WWWWWWWWWWWW/', '/HWWWWWWWWWWW/');
    expect(Object.fromEntries(capturedPieces(position, ['W2l2-2l8=H', 'x']))).toEqual({ w: 1 });
  });
});
