import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RuntimeConfigProvider } from '@/config/runtime-context';
import { defaultRuntimeConfig } from '@/config/runtime';
import { HttpError, TimeoutError } from '@/lib/api-client';
import { RouteErrorPage } from '@/components/route-error/RouteErrorPage';
import { FailureText } from './FailureText';

const answered = (status: number, requestId = '5c1d9e07aa31b2f4') =>
  new HttpError(new Response('{}', { status, headers: { 'X-Request-Id': requestId } }));

function show(node: ReactNode) {
  return render(<RuntimeConfigProvider config={{ ...defaultRuntimeConfig, brandName: 'Compass' }}>{node}</RuntimeConfigProvider>);
}

describe('FailureText', () => {
  it('says a server failure in plain words, with the start of the request id as the reference', () => {
    const { container } = show(<FailureText error={answered(503)} />);
    expect(container).toHaveTextContent('The problem is on our side, not yours. Please try again in a minute. Reference: 5c1d9e07');
    expect(container).not.toHaveTextContent(/503|status/);
  });

  it('takes the page’s own words for a server failure, and finds the reference behind a feature’s error', () => {
    const refused = new Error('Checkout failed', { cause: answered(502) });
    const { container } = show(<FailureText error={refused} text="Nothing was charged. Please try again." />);
    expect(container).toHaveTextContent('Nothing was charged. Please try again. Reference: 5c1d9e07');
  });

  it('tells a lost connection as such, with no reference, since no answer came', () => {
    for (const error of [new TimeoutError(), new TypeError('Failed to fetch')]) {
      const { container, unmount } = show(<FailureText error={error} text="Nothing was charged." />);
      expect(container).toHaveTextContent('We couldn’t reach Compass. Check that you’re online, then try again.');
      expect(container).not.toHaveTextContent(/Reference|Failed to fetch|timed out/);
      unmount();
    }
  });

  it('leaves the reference out when the answer had no request id', () => {
    const { container } = show(<FailureText error={new HttpError(new Response('', { status: 500 }))} />);
    expect(container).toHaveTextContent(/^The problem is on our side, not yours. Please try again in a minute.$/);
  });
});

describe('RouteErrorPage', () => {
  it('says the server failed the page, with the reference, when data the page needs did not come', () => {
    show(<RouteErrorPage error={answered(503, 'abcdef0123456789')} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The problem is on our side, not yours. Please try again in a minute. Reference: abcdef01');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('points at the connection when the page’s code could not be downloaded', () => {
    show(<RouteErrorPage error={new TypeError('Failed to fetch dynamically imported module')} />);
    expect(screen.getByRole('alert')).toHaveTextContent('It may be your connection. Check that you’re online, then try again.');
    expect(screen.getByRole('alert')).not.toHaveTextContent(/dynamically/);
  });
});
