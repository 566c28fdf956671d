import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const css = readFileSync(join(process.cwd(), 'src/app/toasts.css'), 'utf8');

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const backgrounds = Object.fromEntries<string | undefined>(
  [...css.matchAll(/\.notistack-MuiContent-(\w+)\s*{\s*background-color:\s*(#[0-9a-f]{6});/gi)].map(
    ([, variant, colour]) => [variant ?? '', colour],
  ),
);

describe('toast colours', () => {
  it.each(['default', 'success', 'error', 'warning', 'info'])(
    'the %s toast has white text at AA contrast (4.5:1) or more',
    (variant) => {
      const background = backgrounds[variant];
      expect(background, `no colour for ${variant} in toasts.css`).toBeDefined();
      expect(contrast(background ?? '', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    },
  );

  it("notistack's own success green would fail (what this file is for)", () => {
    expect(contrast('#43a047', '#ffffff')).toBeLessThan(4.5);
  });
});
