import { describe, expect, it } from 'vitest';
import { translate, type Translate } from '@/lib/messages';
import { staffInsightsMessages } from '@/messages/staff-insights';
import { countText, durationText, percentText } from './report-text';

const t: Translate<typeof staffInsightsMessages> = (key, params) => translate(staffInsightsMessages, key, params);

describe('the reports’ numbers', () => {
  it.each([
    [0, '0 s'],
    [45, '45 s'],
    [60, '1 min'],
    [200, '3 min 20 s'],
    [3600, '1 h'],
    [7500, '2 h 5 min'],
    [7530, '2 h 5 min'],
    [90_000, '1 d 1 h'],
    [172_800, '2 d'],
  ])('writes %i seconds as “%s”', (seconds, want) => {
    expect(durationText(t, seconds)).toBe(want);
  });

  it('writes a hidden count in words, never as a number', () => {
    expect(countText(t, { fewerThan: 5 }, 5)).toBe('fewer than 5');
    expect(countText(t, { value: 1204 }, 5)).toBe('1,204');
    expect(countText(t, { value: 0 }, 5)).toBe('0');
  });

  it('writes shares as percentages to one decimal', () => {
    expect(percentText(16.8)).toBe('16.8%');
    expect(percentText(100)).toBe('100%');
    expect(percentText(0)).toBe('0%');
  });
});
