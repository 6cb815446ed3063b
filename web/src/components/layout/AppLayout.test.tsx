import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, member, mockServer } from '@/test/api';
import { finishedSurvey } from '@/test/survey';
import { setMatchingMedia } from '@/test/media';
import { renderApp } from '@/test/render-app';

// The sign-in problem page is a plain page open to everyone, with a link home; the other pages
// used here are for signed-in members, and the member here is signed in.
const problemHeading = 'Something went wrong on our side';

/**
 * scrollDown scrolls the page area down, as far as jsdom can tell (it lays nothing out): scrollTop
 * reads 320 until a scroll to the top, and main hears of the scroll as it would from a member.
 */
function scrollDown() {
  let top = 320;
  vi.spyOn(HTMLElement.prototype, 'scrollTop', 'get').mockImplementation(() => top);
  vi.spyOn(Element.prototype, 'scrollTo').mockImplementation(() => {
    top = 0;
  });
  fireEvent.scroll(screen.getByRole('main'));
}

describe('AppLayout', () => {
  beforeEach(() => {
    mockServer({ ...finishedSurvey(), 'GET /api/user/me': json(200, member) });
  });

  it('puts a new page at its top at once, before it paints, and focuses its heading', async () => {
    const { user } = renderApp('/sign-in-problem');
    await screen.findByRole('heading', { level: 1, name: problemHeading });
    scrollDown();
    // The jump comes with the new page's elements (in the same commit, so before the browser paints
    // it), and never as a smooth scroll that would move the page under a finger.
    let headingThen: HTMLElement | null = null;
    const scrollTo = vi.spyOn(Element.prototype, 'scrollTo').mockImplementation(() => {
      headingThen = screen.queryByRole('heading', { level: 1, name: /works with your ADHD brain/ });
    });

    await user.click(screen.getByRole('link', { name: 'Back to home' }));

    const heading = await screen.findByRole('heading', { level: 1, name: /works with your ADHD brain/ });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith({ top: 0, left: 0, behavior: 'instant' });
    expect(scrollTo.mock.contexts[0]).toBe(screen.getByRole('main'));
    expect(headingThen).toBe(heading);
  });

  it('leaves a page at the top alone, and still focuses the new heading', async () => {
    const scrollTo = vi.spyOn(Element.prototype, 'scrollTo');
    const { user } = renderApp('/sign-in-problem');
    await screen.findByRole('heading', { level: 1, name: problemHeading });

    await user.click(screen.getByRole('link', { name: 'Back to home' }));

    const heading = await screen.findByRole('heading', { level: 1, name: /works with your ADHD brain/ });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('jumps to the top without animation when the member prefers reduced motion', async () => {
    setMatchingMedia('(prefers-reduced-motion: reduce)');
    const scrollTo = vi.spyOn(Element.prototype, 'scrollTo');
    const { navigate } = renderApp('/sign-in-problem');
    await screen.findByRole('heading', { level: 1, name: problemHeading });
    scrollDown();

    await navigate('/chat');

    await screen.findByRole('heading', { level: 1, name: 'Chat with your coach' });
    await waitFor(() => expect(scrollTo).toHaveBeenCalledExactlyOnceWith({ top: 0, left: 0, behavior: 'instant' }));
  });

  it('leaves focus alone on the first page a member opens', async () => {
    renderApp('/sign-in-problem');

    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading).not.toHaveFocus();
  });

  it('offers a skip link that moves focus to the main content', async () => {
    const { user } = renderApp('/sign-in-problem');
    await screen.findByRole('heading', { level: 1 });

    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    await user.click(skip);

    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('folds the top bar away on the finish screen only', async () => {
    const { navigate, container } = renderApp('/account/finish');
    await screen.findByRole('heading', { level: 1, name: 'You’re all set!' });
    const shell = () => container.querySelector('[data-chrome]');
    expect(shell()).toHaveAttribute('data-chrome', 'minimal');

    await navigate('/account/checkout');

    await screen.findByRole('heading', { level: 1, name: 'We couldn’t find this checkout' });
    expect(shell()).toHaveAttribute('data-chrome', 'full');
  });
});
