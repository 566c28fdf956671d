import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every stylesheet of the client, as written (Vitest hands CSS imports to tests empty).
const source = join(process.cwd(), 'src');
const sheets = Object.fromEntries(
  readdirSync(source, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.css'))
    .map((file) => [file, readFileSync(join(source, file), 'utf8')]),
);

// Sizes a heading may give itself outside the scale: the home hero's title and the 404 number.
const OWN_SIZES = new Set(['clamp(2.3rem, 1.6rem + 3.6vw, 4.2rem)', 'clamp(4rem, 3rem + 8vw, 8rem)']);
const SCALE = /^var\(--(text-(xs|sm)|step-[0-4])\)( !important)?$/;

function declarations(property: string): { sheet: string; value: string }[] {
  const pattern = new RegExp(`(?:^|[;{\\s])${property}:\\s*([^;}]+)`, 'g');
  return Object.entries(sheets).flatMap(([sheet, css]) =>
    [...css.matchAll(pattern)].map((match) => ({ sheet, value: (match[1] ?? '').trim() })),
  );
}

describe('the type scale of global.css', () => {
  it('is where every font size comes from', () => {
    const sizes = declarations('font-size');
    expect(sizes.length).toBeGreaterThan(50);
    expect(sizes.filter(({ value }) => !SCALE.test(value) && !OWN_SIZES.has(value))).toEqual([]);
  });

  it('has three weights: 400, 700 and 800', () => {
    const weights = declarations('font-weight');
    expect(weights.length).toBeGreaterThan(50);
    expect(weights.filter(({ value }) => !['400', '700', '800'].includes(value))).toEqual([]);
  });
});
