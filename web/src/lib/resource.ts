import { createContext, use, useEffect, useState, useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';

// The three reads every survey step makes (the profile, the survey's definition, the member's
// answers) are kept here, in a small cache of their own, and not in TanStack Query. A step's
// first screen then carries no query client: TanStack Query is 10.4 KB gzip, and a step's JS
// budget (95 KB, 28 KB of it the app's own) could not spare it. Every other read (coaches, plans,
// the staff app) goes through TanStack Query, loaded with the pages that make it. The rules below
// are the ones those three queries had there: no retry (the HTTP client already tries a busy
// server again), no refresh on returning to the tab, a refresh when a page that reads one opens
// after it went stale, and a wait while the browser is offline.

/** ResourceSpec says how one resource is read, and for how long an answer is fresh. */
export interface ResourceSpec<T> {
  load: () => Promise<T>;
  staleTime: number;
  /** initial is the value the page arrived with (see initial-data), read once, if there is one. */
  initial?: () => T | undefined;
  /** initialAt is when the initial value was read from the server. */
  initialAt?: () => number;
}

/** ResourceState is what is known of a resource: the last value read, the last failure, and whether a read is under way. */
export interface ResourceState<T> {
  data: T | undefined;
  /** error is the last read's failure; a value read before it is kept. */
  error: Error | undefined;
  fetching: boolean;
}

// online runs load at once, or, while the browser is offline, once it is back.
const online = <T,>(load: () => Promise<T>): Promise<T> =>
  navigator.onLine === false
    ? new Promise<void>((resolve) => window.addEventListener('online', () => resolve(), { once: true })).then(load)
    : load();

/** Resource holds one resource for the page: its state, the read under way and who follows it. */
export class Resource<T> {
  readonly #spec: ResourceSpec<T>;
  #state: ResourceState<T>;
  #readAt = 0;
  #reading: Promise<T> | undefined;
  readonly #listeners = new Set<() => void>();

  constructor(spec: ResourceSpec<T>) {
    this.#spec = spec;
    const data = spec.initial?.();
    if (data !== undefined) this.#readAt = spec.initialAt?.() ?? Date.now();
    this.#state = { data, error: undefined, fetching: false };
  }

  state = (): ResourceState<T> => this.#state;

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** stale tells whether the value is missing or older than the spec's staleTime. */
  stale(): boolean {
    return this.#readAt === 0 || Date.now() - this.#readAt >= this.#spec.staleTime;
  }

  #set(next: Partial<ResourceState<T>>): void {
    this.#state = { ...this.#state, ...next };
    for (const listener of this.#listeners) listener();
  }

  /** fetch reads the resource from the server, joining a read already under way. */
  fetch(): Promise<T> {
    this.#reading ??= (async () => {
      this.#set({ fetching: true });
      try {
        const data = await online(this.#spec.load);
        this.#readAt = Date.now();
        this.#set({ data, error: undefined, fetching: false });
        return data;
      } catch (thrown) {
        const error = thrown instanceof Error ? thrown : new Error(String(thrown));
        this.#set({ error, fetching: false });
        throw error;
      } finally {
        this.#reading = undefined;
      }
    })();
    return this.#reading;
  }

  /** reload reads the resource again, whatever its age; the outcome lands in the state. */
  reload = (): Promise<void> => this.fetch().then(
    () => undefined,
    () => undefined,
  );

  /** refresh reads the resource again if it is stale and no read is under way; a failure is kept in the state. */
  refresh(): void {
    if (!this.#reading && this.stale()) this.fetch().catch(() => undefined);
  }

  /** update changes the value the page holds, after a write the server has confirmed. */
  update(change: (data: T | undefined) => T | undefined): void {
    this.#readAt = Date.now();
    this.#set({ data: change(this.#state.data) });
  }

  /** invalidate marks the value stale and, while a page shows it, reads it again. */
  invalidate(): void {
    this.#readAt = 0;
    if (this.#listeners.size > 0) this.refresh();
  }
}

/**
 * PageData is the page's data: its resources, one per spec, and its one TanStack Query client, made
 * by the first part of the app that needs it (lib/queries.tsx) so that its code is not part of the
 * main bundle. One per render of the app, so tests each get their own.
 */
export class PageData {
  readonly #resources = new Map<ResourceSpec<unknown>, Resource<unknown>>();
  #client: QueryClient | undefined;

  /** resource returns the page's resource for spec, made the first time. */
  resource<T>(spec: ResourceSpec<T>): Resource<T> {
    let resource = this.#resources.get(spec);
    if (!resource) {
      resource = new Resource(spec);
      this.#resources.set(spec, resource);
    }
    return resource as Resource<T>;
  }

  /** queryClient returns the page's query client, made by make the first time. */
  queryClient(make: () => QueryClient): QueryClient {
    this.#client ??= make();
    return this.#client;
  }
}

/** PageDataContext carries the page's data from AppProviders to the parts of the app that read it. */
export const PageDataContext = createContext(new PageData());

/** useResourceOf returns the page's resource for spec. */
export function useResourceOf<T>(spec: ResourceSpec<T>): Resource<T> {
  return use(PageDataContext).resource(spec);
}

/**
 * useResource follows a resource, and reads it when it is stale (pass enabled: false to follow only
 * what is already known).
 */
export function useResource<T>(spec: ResourceSpec<T>, { enabled = true }: { enabled?: boolean } = {}) {
  const resource = useResourceOf(spec);
  const state = useSyncExternalStore(resource.subscribe, resource.state, resource.state);
  // A part that mounts after a read failed, with nothing read before it, reads again as it mounts
  // (the effect below). Until that read ends, the part sees a read under way rather than the old
  // failure: a page that an error boundary lets render again must not fall over the same failure
  // before it has even asked.
  const [failedBefore] = useState(() => (enabled && state.data === undefined ? state.error : undefined));
  useEffect(() => {
    if (enabled) resource.refresh();
  }, [resource, enabled]);
  if (failedBefore !== undefined && state.error === failedBefore && state.data === undefined) {
    return { ...state, error: undefined, fetching: true, refetch: resource.reload };
  }
  return { ...state, refetch: resource.reload };
}
