import { render, screen, waitFor } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyComponent } from './lazy-component';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

/** Deferred is a download that finishes when the test says. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>Could not load</p> : this.props.children;
  }
}

describe('lazyComponent', () => {
  it('shows the fallback, then the component once its code is in, with no Suspense boundary', async () => {
    const code = deferred<typeof Greeting>();
    const Lazy = lazyComponent(() => code.promise, <p>Loading</p>);

    render(<Lazy name="Sam" />);
    expect(screen.getByText('Loading')).toBeInTheDocument();

    code.resolve(Greeting);
    expect(await screen.findByText('Hello Sam')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
  });

  it('downloads once, ahead of need when asked, and then renders at once', async () => {
    const load = vi.fn(() => Promise.resolve(Greeting));
    const Lazy = lazyComponent(load, <p>Loading</p>);

    Lazy.preload();
    Lazy.preload();
    await Promise.resolve();
    render(<Lazy name="Ada" />);

    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
    expect(load).toHaveBeenCalledOnce();
  });

  it('tells when its code is in, so a first render can skip the fallback', async () => {
    const code = deferred<typeof Greeting>();
    const Lazy = lazyComponent(() => code.promise, <p>Loading</p>);
    let loaded = false;
    const waiting = Lazy.load().then(() => (loaded = true));
    await Promise.resolve();
    expect(loaded).toBe(false);

    code.resolve(Greeting);
    await waiting;
    render(<Lazy name="Kai" />);
    expect(screen.getByText('Hello Kai')).toBeInTheDocument();
    // Once in, it says so at once; a failed download settles it too, for the error boundary to show.
    await expect(Lazy.load()).resolves.toBeUndefined();
    const Broken = lazyComponent<{ name: string }>(() => Promise.reject(new Error('gone')));
    await expect(Broken.load()).resolves.toBeUndefined();
  });

  it('hands a failed download to the error boundary, and tries again on the next render', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(Greeting);
    const Lazy = lazyComponent<{ name: string }>(load, <p>Loading</p>);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);

    const { unmount } = render(
      <Boundary>
        <Lazy name="Lee" />
      </Boundary>,
    );
    expect(await screen.findByText('Could not load')).toBeInTheDocument();
    expect(load).toHaveBeenCalledOnce();
    unmount();

    render(
      <Boundary>
        <Lazy name="Lee" />
      </Boundary>,
    );
    expect(await screen.findByText('Hello Lee')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
  it('waits for the connection to return when the download fails offline, and then shows the component', async () => {
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(Greeting);
    const Lazy = lazyComponent<{ name: string }>(load, <p>Loading</p>);
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

    render(
      <Boundary>
        <Lazy name="Kim" />
      </Boundary>,
    );
    await waitFor(() => expect(load).toHaveBeenCalledOnce());
    await new Promise((settled) => setTimeout(settled, 0));
    expect(screen.getByText('Loading')).toBeInTheDocument();

    online.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('Hello Kim')).toBeInTheDocument();
    expect(screen.queryByText('Could not load')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
