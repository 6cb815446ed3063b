import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from './after-next-paint';

describe('afterNextPaint', () => {
  let frames: FrameRequestCallback[];

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // The browser's frames are played by hand: each call runs what was asked of the next frame.
    frames = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    vi.spyOn(window, 'cancelAnimationFrame').mockImplementation((id) => {
      frames[id - 1] = () => undefined;
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const nextFrame = () => frames.splice(0).forEach((callback) => callback(performance.now()));

  it('calls back once the next frame has been painted, not before', () => {
    const callback = vi.fn();
    afterNextPaint(callback);
    expect(callback).not.toHaveBeenCalled();

    // The frame callback runs before the paint; the call comes in the task after it.
    nextFrame();
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(callback).toHaveBeenCalledOnce();

    vi.advanceTimersByTime(200);
    expect(callback).toHaveBeenCalledOnce();
  });

  it('calls back after 100 ms when no frame comes (a hidden tab), and only once', () => {
    const callback = vi.fn();
    afterNextPaint(callback);

    vi.advanceTimersByTime(99);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledOnce();

    nextFrame();
    vi.advanceTimersByTime(0);
    expect(callback).toHaveBeenCalledOnce();
  });

  it('does not call back once cancelled', () => {
    const callback = vi.fn();
    const cancel = afterNextPaint(callback);
    cancel();

    nextFrame();
    vi.advanceTimersByTime(200);
    expect(callback).not.toHaveBeenCalled();
  });
});
