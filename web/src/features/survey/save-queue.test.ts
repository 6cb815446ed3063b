// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import type { SurveySaveBody } from './api/types';
import { createSaveQueue } from './save-queue';

const body = (fromSlug: string, key = 'female'): SurveySaveBody => ({
  fromSlug,
  data: [{ questionSlug: fromSlug, answers: [{ key, value: '' }] }],
  utm: {},
});

describe('save queue', () => {
  it('says saved after a save arrives', async () => {
    const queue = createSaveQueue();
    const send = vi.fn(() => Promise.resolve());

    expect(await queue.save(body('a'), send)).toBe('saved');

    expect(queue.status()).toBe('saved');
    expect(queue.pending()).toBe(0);
  });

  it('keeps a failed save and sends it again on retry', async () => {
    const queue = createSaveQueue();
    const send = vi.fn().mockRejectedValueOnce(new TypeError('offline')).mockResolvedValue(undefined);

    expect(await queue.save(body('a'), send)).toBe('kept');
    expect(queue.status()).toBe('failed');
    expect(queue.pending()).toBe(1);

    queue.retry();
    await vi.waitFor(() => expect(queue.status()).toBe('saved'));
    expect(send).toHaveBeenCalledTimes(2);
    expect(send).toHaveBeenLastCalledWith(body('a'));
    expect(queue.pending()).toBe(0);
  });

  it('keeps only the latest save of a step', async () => {
    const queue = createSaveQueue();
    const fail = vi.fn().mockRejectedValue(new TypeError('offline'));
    await queue.save(body('a', 'female'), fail);
    await queue.save(body('a', 'male'), fail);

    expect(queue.pending()).toBe(1);

    queue.retry();
    await vi.waitFor(() => expect(fail).toHaveBeenCalledTimes(3));
    expect(fail).toHaveBeenLastCalledWith(body('a', 'male'));
    expect(queue.answersOf('a')).toEqual([{ key: 'male', value: '' }]);
  });

  it('drops a save the server refused, since sending it again cannot help', async () => {
    const queue = createSaveQueue((error) => error instanceof RangeError);
    expect(await queue.save(body('a'), () => Promise.reject(new RangeError('400')))).toBe('refused');

    expect(queue.pending()).toBe(0);
  });

  it('names the refused step until its answers are saved', async () => {
    const queue = createSaveQueue((error) => error instanceof RangeError);
    await queue.save(body('a'), () => Promise.reject(new RangeError('400')));
    expect(queue.status()).toBe('refused');
    expect(queue.refusedStep()).toBe('a');
    // The member's answer stays on the page, so they can correct it rather than start again.
    expect(queue.answersOf('a')).toEqual([{ key: 'female', value: '' }]);

    await queue.save(body('b'), () => Promise.resolve());
    expect(queue.status()).toBe('refused');

    await queue.save(body('a', 'male'), () => Promise.resolve());
    expect(queue.status()).toBe('saved');
    expect(queue.refusedStep()).toBe('');
  });
});
