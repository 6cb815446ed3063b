import { useEffect, useSyncExternalStore } from 'react';
import { afterNextPaint } from '@/lib/after-next-paint';
import type { Answer, SurveySaveBody } from './api/types';

// The save queue makes sure no answer is lost when the network drops. A save that fails is kept
// here, in memory only (answers are health information and never go to browser storage), and sent
// again when the browser says it is back online. Only the latest save of each step is kept: saves
// replace a step's answers on the server, so an older one would add nothing.

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'failed' | 'refused';

export type SaveOutcome = 'saved' | 'kept' | 'refused';

type Send = (body: SurveySaveBody) => Promise<unknown>;

/** isFinal tells whether a failure will not change by trying again (the server refused the answers). */
type IsFinal = (error: unknown) => boolean;

export interface SaveQueue {
  /**
   * save sends a step's answers. It resolves "saved" when they arrived, "kept" when they failed and
   * wait to be sent again, and "refused" when the server said no (nothing is kept then).
   */
  save: (body: SurveySaveBody, send: Send) => Promise<SaveOutcome>;
  /** retry sends every kept save again. */
  retry: () => void;
  status: () => SaveStatus;
  /** refusedStep names the step whose answers the server refused, until they are saved, or "". */
  refusedStep: () => string;
  pending: () => number;
  subscribe: (listener: () => void) => () => void;
  /** answersOf returns the answers given on this page for a step, to show when the member comes back. */
  answersOf: (slug: string) => Answer[] | undefined;
  /** clear forgets everything; for tests, which share one page. */
  clear: () => void;
}

export function createSaveQueue(isFinal: IsFinal = () => false): SaveQueue {
  let status: SaveStatus = 'idle';
  // inFlight holds a token per save under way; a Set so that clear() can forget them too.
  const inFlight = new Set<object>();
  const kept = new Map<string, { body: SurveySaveBody; send: Send }>();
  let refused = '';
  const given = new Map<string, Answer[]>();
  const listeners = new Set<() => void>();

  const settle = () => {
    const next: SaveStatus = inFlight.size > 0 ? 'saving' : kept.size > 0 ? 'failed' : refused ? 'refused' : 'saved';
    if (next === status) return;
    status = next;
    for (const listener of listeners) listener();
  };

  const queue: SaveQueue = {
    async save(body, send) {
      for (const qa of body.data) given.set(qa.questionSlug, qa.answers);
      kept.delete(body.fromSlug);
      const token = {};
      inFlight.add(token);
      settle();
      try {
        // The save starts once the next step is on screen: starting a request costs the main
        // thread several milliseconds on a slow phone, which the member would otherwise wait
        // through before seeing the step.
        await new Promise<void>((resolve) => afterNextPaint(resolve));
        // clear() forgot this save while it waited: it is not to be sent.
        if (!inFlight.has(token)) return 'kept';
        await send(body);
        if (refused === body.fromSlug) refused = '';
        return 'saved';
      } catch (error) {
        if (isFinal(error)) {
          refused = body.fromSlug;
          return 'refused';
        }
        // A newer save of the same step may have started meanwhile; it wins.
        if (!kept.has(body.fromSlug)) kept.set(body.fromSlug, { body, send });
        return 'kept';
      } finally {
        inFlight.delete(token);
        settle();
      }
    },
    retry() {
      for (const { body, send } of [...kept.values()]) void queue.save(body, send);
    },
    status: () => status,
    refusedStep: () => refused,
    pending: () => kept.size,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    answersOf: (slug) => given.get(slug),
    clear() {
      kept.clear();
      given.clear();
      inFlight.clear();
      refused = '';
      status = 'idle';
    },
  };
  return queue;
}

/** useSaveStatus follows a queue's status. */
export function useSaveStatus(queue: SaveQueue): SaveStatus {
  return useSyncExternalStore(queue.subscribe, queue.status, queue.status);
}

/** RETRY_INTERVAL_MS is how often kept saves are tried again while the browser thinks it is online. */
export const RETRY_INTERVAL_MS = 15_000;

/**
 * useRetryWhenOnline sends kept saves again when the browser comes back online, and every
 * RETRY_INTERVAL_MS meanwhile: a server that was away does not fire the online event.
 */
export function useRetryWhenOnline(queue: SaveQueue): void {
  useEffect(() => {
    const retry = () => {
      if (queue.pending() > 0 && queue.status() !== 'saving') queue.retry();
    };
    window.addEventListener('online', retry);
    const timer = setInterval(() => {
      if (navigator.onLine) retry();
    }, RETRY_INTERVAL_MS);
    return () => {
      window.removeEventListener('online', retry);
      clearInterval(timer);
    };
  }, [queue]);
}

/**
 * useWarnBeforeLeaving asks the browser to confirm leaving the page while answers are still on
 * their way or waiting to be sent again, since they live only in this page's memory.
 */
export function useWarnBeforeLeaving(queue: SaveQueue): void {
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (queue.status() === 'saving' || queue.pending() > 0) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [queue]);
}
