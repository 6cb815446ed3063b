import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render-app';

describe.each(['/we-are-sorry-no-go', '/account/thank-you'])('crisis support page at %s', (path) => {
  const fetchSpy = vi.fn<typeof fetch>();

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchSpy);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    fetchSpy.mockReset();
  });

  it('renders at once, with no lazy loading and no request', async () => {
    renderApp(path);

    // getBy (not findBy): the page must be there on the very first render, not after a download.
    expect(screen.getByRole('heading', { level: 1, name: 'You matter, and help is available right now' })).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
    // The tab is named once the page has painted.
    await waitFor(() => expect(document.title).toBe('Help is available now · Wayfinder'));
  });

  it('offers the 988 Lifeline by call, text and chat', () => {
    renderApp(path);

    const lifeline = screen.getByRole('region', { name: '988 Suicide & Crisis Lifeline' });
    expect(within(lifeline).getByRole('link', { name: 'Call 988' })).toHaveAttribute('href', 'tel:988');
    expect(within(lifeline).getByRole('link', { name: 'Text 988' })).toHaveAttribute('href', 'sms:988');
    expect(within(lifeline).getByRole('link', { name: 'Chat online' })).toHaveAttribute(
      'href',
      'https://988lifeline.org/chat',
    );
  });

  it('tells a member in immediate danger to call 911', () => {
    renderApp(path);

    const danger = screen.getByRole('region', { name: 'In immediate danger?' });
    expect(within(danger).getByRole('link', { name: 'Call 911' })).toHaveAttribute('href', 'tel:911');
  });
});
