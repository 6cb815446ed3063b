import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pressEnded } from './press-ended';

describe('pressEnded', () => {
  let root: HTMLElement;
  let ended: boolean;

  // pressed makes root report a link held down (jsdom keeps no :active state of its own).
  const pressed = () => {
    const link = document.createElement('a');
    vi.spyOn(root, 'querySelector').mockImplementation((selector) => (selector === ':active' ? link : null));
  };
  const start = () => {
    ended = false;
    void pressEnded(root).then(() => (ended = true));
  };
  // settle lets the promise's callbacks run after the timers given have passed.
  const settle = async (ms: number) => {
    await vi.advanceTimersByTimeAsync(ms);
  };

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    root = document.createElement('div');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('ends at once when nothing is held down', async () => {
    start();
    await settle(0);
    expect(ended).toBe(true);
  });

  it('waits for a held press to make its click, and ends in the task after it', async () => {
    pressed();
    start();
    await settle(1000);
    expect(ended).toBe(false);
    window.dispatchEvent(new Event('pointerup'));
    window.dispatchEvent(new Event('click'));
    expect(ended).toBe(false);
    await settle(0);
    expect(ended).toBe(true);
  });

  it('ends a moment after a release that makes no click, and after a cancelled press at once', async () => {
    pressed();
    start();
    window.dispatchEvent(new Event('pointerup'));
    await settle(399);
    expect(ended).toBe(false);
    await settle(1);
    expect(ended).toBe(true);

    start();
    window.dispatchEvent(new Event('pointercancel'));
    await settle(0);
    expect(ended).toBe(true);
  });

  it('waits two seconds at most, so the app always starts', async () => {
    pressed();
    start();
    await settle(1999);
    expect(ended).toBe(false);
    await settle(1);
    expect(ended).toBe(true);
  });
});
