import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';

describe('API types', () => {
  it('src/generated/openapi.ts is what `npm run gen:api` makes of the server\'s src/server/openapi.json', async () => {
    const spec = JSON.parse(readFileSync(resolve(__dirname, '../../src/server/openapi.json'), 'utf8'));
    const generated = astToString(await openapiTS(spec));
    const committed = readFileSync(resolve(__dirname, '../src/generated/openapi.ts'), 'utf8');
    const body = (text: string) => text.replace(/^\/\*\*[\s\S]*?\*\/\s*/, '').trim();
    expect(body(committed)).toBe(body(generated));
  });
});
