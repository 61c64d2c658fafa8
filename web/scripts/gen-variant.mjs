// Reads the engine's variant file (data/diplomacy/standard.variant) and writes what the
// web client needs from it (names and the map's short names in the four languages,
// adjacency, coasts, starting units) to src/generated/variant.json, so no name is typed
// twice.
// Usage: node scripts/gen-variant.mjs [variant file] [output file]
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const input = process.argv[2] ?? resolve(here, '../../data/diplomacy/standard.variant');
const output = process.argv[3] ?? resolve(here, '../src/generated/variant.json');

export function parseVariant(text) {
  const variant = { id: '', victory: 0, start: '', powers: [], provinces: [] };
  let block = null;
  text.split('\n').forEach((raw, index) => {
    const line = raw.replace(/#.*/, '').trim();
    if (!line) return;
    const [keyword, ...fields] = line.split(/\s+/);
    const rest = (n) => line.split(/\s+/).slice(n).join(' ');
    const where = `${input}:${index + 1}`;
    switch (keyword) {
      case 'variant': variant.id = fields[0]; break;
      case 'victory': variant.victory = Number(fields[0]); break;
      case 'start': variant.start = fields[0]; break;
      case 'power':
        block = { code: fields[0], names: {}, adjectives: {}, home: [], units: [] };
        variant.powers.push(block);
        break;
      case 'province':
        block = { code: fields[0], type: fields[1], centre: fields.includes('centre'), names: {}, short: {}, army: [], fleet: [], coasts: {} };
        variant.provinces.push(block);
        break;
      case 'name': block.names[fields[0]] ??= rest(2); break;
      case 'short': block.short[fields[0]] ??= rest(2); break;
      case 'adjective': block.adjectives[fields[0]] ??= rest(2); break;
      case 'home': block.home = fields; break;
      case 'unit': block.units.push(`${fields[0]} ${fields[1]}`); break;
      case 'army': block.army.push(...fields); break;
      case 'fleet': block.fleet.push(...fields); break;
      case 'coast': block.coasts[fields[0]] = { fleet: fields.slice(1), names: {} }; break;
      case 'coast-name': block.coasts[fields[0]].names[fields[1]] ??= rest(3); break;
      case 'alias': break;
      default: throw new Error(`${where}: unknown statement '${keyword}'`);
    }
  });
  return variant;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const variant = parseVariant(readFileSync(input, 'utf8'));
  writeFileSync(output, JSON.stringify(variant, null, 1) + '\n');
  console.log(`${output}: ${variant.powers.length} powers, ${variant.provinces.length} provinces`);
}
