import { describe, expect, it } from 'vitest';
import type { FunnelStep } from './api/get-funnel';
import { chartLayout, STUB } from './FunnelChart';

function step(slug: string, reached: FunnelStep['reached'], extra: Partial<FunnelStep> = {}): FunnelStep {
  return { slug, branch: false, reached, reachedShare: null, dropOff: { value: 0 }, dropOffShare: null, medianSeconds: null, ...extra };
}

const steps: FunnelStep[] = [
  step('name-and-birth', { value: 100 }, { dropOff: null }),
  step('ios-only', { fewerThan: 5 }, { branch: true, dropOff: null }),
  step('how-you-identify', { value: 50 }, { dropOff: { value: 50 } }),
  step('live-state', { fewerThan: 5 }, { dropOff: { value: 47 } }),
  step('whats-your-motivation', { value: 0 }, { dropOff: { fewerThan: 5 } }),
];

describe('the funnel chart’s layout', () => {
  it.each([375, 720, 1150])('gives counts lengths on one scale and hidden counts a fixed stub, at %i px', (width) => {
    const { bars, narrow } = chartLayout(steps, width);
    expect(narrow).toBe(width < 560);
    const [first, branch, second, hidden, zero] = bars;
    expect(second!.bar.width).toBeCloseTo(first!.bar.width / 2);
    expect(branch!.bar).toMatchObject({ kind: 'hidden', width: STUB });
    expect(hidden!.bar).toMatchObject({ kind: 'hidden', width: STUB });
    expect(zero!.bar).toMatchObject({ kind: 'zero', width: 0 });
    // Every bar, its drop-off and its number stay inside the drawing.
    for (const bar of bars) expect(bar.number.x).toBeLessThan(width - 60);
  });

  it('draws a drop-off only between two counts it knows, never from a hidden one', () => {
    const { bars } = chartLayout(steps, 720);
    expect(bars[0]!.dropOff).toBeNull();
    expect(bars[2]!.dropOff).toEqual({ x: bars[2]!.bar.x + bars[2]!.bar.width, width: bars[0]!.bar.width - bars[2]!.bar.width });
    expect(bars[3]!.dropOff).toBeNull();
    expect(bars[4]!.dropOff).toBeNull();
  });

  it('indents a branch and joins it to the step before', () => {
    const { bars } = chartLayout(steps, 375);
    expect(bars[1]!.branch).toBe(true);
    expect(bars[1]!.label.x).toBeGreaterThan(bars[0]!.label.x);
    expect(bars[1]!.bar.x).toBeGreaterThan(bars[0]!.bar.x);
    expect(bars[1]!.elbow).not.toBeNull();
    expect(bars[2]!.elbow).toBeNull();
  });
});
