// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The colour pairs the app puts together, checked against WCAG 2.2 contrast: 4.5:1 for text,
// 3:1 for focus rings, control borders and the marks of what is chosen or finished. A new pairing in a component belongs in this list.
const css = readFileSync(new URL('./tokens.css', import.meta.url), 'utf8');

const text = 4.5;
const nonText = 3;
const pairs: [foreground: string, background: string, minimum: number][] = [
  ['--color-text', '--color-bg', text],
  ['--color-text', '--color-surface', text],
  ['--color-text', '--color-surface-accent', text],
  ['--color-text', '--color-info-bg', text],
  ['--color-text', '--color-danger-bg', text],
  ['--color-text-muted', '--color-bg', text],
  ['--color-text-muted', '--color-surface', text],
  ['--color-text-muted', '--color-surface-accent', text],
  ['--color-text-muted', '--color-info-bg', text],
  ['--color-text-muted', '--color-danger-bg', text],
  ['--color-accent-text', '--color-bg', text],
  ['--color-accent-text', '--color-surface-accent', text],
  ['--color-link', '--color-bg', text],
  ['--color-link', '--color-surface', text],
  ['--color-link', '--color-info-bg', text],
  ['--color-danger-text', '--color-danger-bg', text],
  ['--color-on-brand-orange', '--color-brand-orange', text],
  ['--color-on-danger-fill', '--color-danger-fill', text],
  ['--color-focus', '--color-bg', nonText],
  ['--color-focus', '--color-surface', nonText],
  ['--color-focus', '--color-danger-bg', nonText],
  ['--color-control-border', '--color-surface', nonText],
  ['--color-control-border', '--color-danger-bg', nonText],
  ['--color-selected', '--color-bg', nonText],
  ['--color-selected', '--color-surface', nonText],
  ['--color-selected', '--color-surface-accent', nonText],
  ['--color-on-selected', '--color-selected', nonText],
];

function declarations(block: string): Record<string, string> {
  return Object.fromEntries([...block.matchAll(/(--color-[\w-]+):\s*(#[0-9a-f]{6})\s*;/gi)].map((m): [string, string] => [m[1]!, m[2]!]));
}

const light = declarations(css.split(":root[data-color-scheme='dark']")[0] ?? '');
const dark = { ...light, ...declarations(css.split(":root[data-color-scheme='dark']")[1] ?? '') };

function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe.each([
  ['light', light],
  ['dark', dark],
])('%s colour scheme', (_, scheme) => {
  it.each(pairs)('%s on %s reaches %d:1', (fg, bg, minimum) => {
    const foreground = scheme[fg];
    const background = scheme[bg];
    expect(foreground, `${fg} is defined`).toBeDefined();
    expect(background, `${bg} is defined`).toBeDefined();
    expect(contrast(foreground!, background!)).toBeGreaterThanOrEqual(minimum);
  });
});

it('keeps the bright brand orange out of text: it fails on white', () => {
  expect(contrast(light['--color-brand-orange']!, '#ffffff')).toBeLessThan(text);
});
