import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageData, PageDataContext, Resource, useResource, type ResourceSpec } from './resource';

/** reads counts the reads of a spec whose answers the test gives, one by one. */
function counted(staleTime: number, initial?: string) {
  const pending: { resolve: (value: string) => void; reject: (error: Error) => void }[] = [];
  const spec: ResourceSpec<string> = {
    load: () => new Promise<string>((resolve, reject) => pending.push({ resolve, reject })),
    staleTime,
    initial: initial === undefined ? undefined : () => initial,
    initialAt: () => Date.now(),
  };
  return { spec, pending };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Resource', () => {
  it('joins reads under way, keeps the value, and then the failure beside it', async () => {
    const { spec, pending } = counted(10_000);
    const resource = new Resource(spec);
    expect(resource.state()).toEqual({ data: undefined, error: undefined, fetching: false });

    const first = resource.fetch();
    const second = resource.fetch();
    expect(pending).toHaveLength(1);
    expect(resource.state().fetching).toBe(true);
    pending[0]?.resolve('one');
    await expect(first).resolves.toBe('one');
    await expect(second).resolves.toBe('one');
    expect(resource.state()).toEqual({ data: 'one', error: undefined, fetching: false });

    const failing = resource.fetch();
    pending[1]?.reject(new Error('server away'));
    await expect(failing).rejects.toThrow('server away');
    expect(resource.state().data).toBe('one');
    expect(resource.state().error?.message).toBe('server away');
  });

  it('reads again only once stale, and takes the page’s value as fresh', async () => {
    vi.useFakeTimers();
    const { spec, pending } = counted(10_000, 'from the page');
    const resource = new Resource(spec);
    expect(resource.state().data).toBe('from the page');

    resource.refresh();
    expect(pending).toHaveLength(0);
    vi.advanceTimersByTime(10_000);
    resource.refresh();
    resource.refresh();
    expect(pending).toHaveLength(1);
    pending[0]?.resolve('fresh');
    await vi.runAllTimersAsync();
    expect(resource.state().data).toBe('fresh');
  });

  it('reads again on invalidate only while something follows it', () => {
    const { spec, pending } = counted(Infinity, 'kept');
    const resource = new Resource(spec);
    resource.invalidate();
    expect(pending).toHaveLength(0);
    expect(resource.stale()).toBe(true);

    const unsubscribe = resource.subscribe(() => undefined);
    resource.invalidate();
    expect(pending).toHaveLength(1);
    unsubscribe();
  });

  it('changes the value after a confirmed write, and tells its followers', () => {
    const { spec } = counted(Infinity, 'before');
    const resource = new Resource(spec);
    const listener = vi.fn();
    resource.subscribe(listener);
    resource.update((value) => `${value} and after`);
    expect(resource.state().data).toBe('before and after');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('waits while the browser is offline', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const { spec, pending } = counted(0);
    const resource = new Resource(spec);
    const read = resource.fetch();
    await Promise.resolve();
    expect(pending).toHaveLength(0);
    expect(resource.state().fetching).toBe(true);

    vi.stubGlobal('navigator', { onLine: true });
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    pending[0]?.resolve('back');
    await expect(read).resolves.toBe('back');
  });

  it('is one per page and spec', () => {
    const { spec } = counted(0);
    const data = new PageData();
    expect(data.resource(spec)).toBe(data.resource(spec));
    expect(new PageData().resource(spec)).not.toBe(data.resource(spec));
  });
});

/** within renders node with the page's data. */
function within(data: PageData, node: ReactNode) {
  return <PageDataContext value={data}>{node}</PageDataContext>;
}

/** answer gives a pending read its value, and lets React render what follows. */
async function answer(read: { resolve: (value: string) => void } | undefined, value: string) {
  await act(async () => {
    read?.resolve(value);
    await Promise.resolve();
  });
}

describe('useResource', () => {
  function Shown({ enabled }: { enabled: boolean }) {
    const { data, fetching } = useResource(spec, { enabled });
    return <p>{fetching ? 'reading' : (data ?? 'nothing')}</p>;
  }
  const { spec, pending } = counted(10_000);

  it('shows a part that mounts after a failure a read under way, then the outcome of its own read', async () => {
    const { spec: failing, pending: reads } = counted(10_000);
    const data = new PageData();
    const first = data.resource(failing).fetch();
    reads[0]?.reject(new Error('server away'));
    await expect(first).rejects.toThrow('server away');

    function Page() {
      const { data: value, error, fetching } = useResource(failing);
      if (error) throw error;
      return <p>{fetching ? 'reading' : value}</p>;
    }
    render(within(data, <Page />));
    expect(screen.getByText('reading')).toBeInTheDocument();
    expect(reads).toHaveLength(2);
    await answer(reads[1], 'back');
    expect(screen.getByText('back')).toBeInTheDocument();
  });

  it('reads what is not known when enabled, and only follows it when not', async () => {
    const data = new PageData();
    const view = render(within(data, <Shown enabled={false} />));
    expect(screen.getByText('nothing')).toBeInTheDocument();
    expect(pending).toHaveLength(0);

    view.rerender(within(data, <Shown enabled />));
    expect(screen.getByText('reading')).toBeInTheDocument();
    expect(pending).toHaveLength(1);
    await answer(pending[0], 'known');
    expect(screen.getByText('known')).toBeInTheDocument();
  });
});
