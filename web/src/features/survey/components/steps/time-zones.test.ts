import { describe, expect, it } from 'vitest';
import { startingTimeZone } from './time-zones';

describe('startingTimeZone', () => {
  it.each([
    ['the earlier answer first', 'America/Denver', 'America/Chicago', 'Pacific/Honolulu', 'America/Denver'],
    ["then the state's zone", undefined, 'America/Chicago', 'Pacific/Honolulu', 'America/Chicago'],
    ["then the device's zone", undefined, undefined, 'Pacific/Honolulu', 'Pacific/Honolulu'],
    ['skipping zones the service does not offer', 'Europe/Paris', undefined, 'Asia/Tokyo', 'America/New_York'],
    ['else Eastern', undefined, undefined, undefined, 'America/New_York'],
  ])('takes %s', (_, earlier, ofState, device, want) => {
    expect(startingTimeZone(earlier, ofState, device)).toBe(want);
  });
});
