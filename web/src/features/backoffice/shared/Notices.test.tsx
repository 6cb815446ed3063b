import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { detailAfter, NoticesProvider, SUCCESS_NOTICE_MS, useNotify, type NoticeInput } from './Notices';

function Trigger({ notice }: { notice: NoticeInput }) {
  const notify = useNotify();
  return (
    <button type="button" onClick={() => notify(notice)}>
      {notice.text}!
    </button>
  );
}

function setup(...notices: NoticeInput[]) {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
  render(
    <Router hook={memoryLocation({ path: '/staff' }).hook}>
      <NoticesProvider>
        {notices.map((notice) => (
          <Trigger key={notice.text} notice={notice} />
        ))}
      </NoticesProvider>
    </Router>,
  );
  return user;
}

describe('the staff notices', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps both live regions on the page from the start, empty', () => {
    setup();

    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('says a success politely and lets it fade after a few seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = setup({ tone: 'success', text: 'Coach switched successfully' });

    await user.click(screen.getByRole('button', { name: 'Coach switched successfully!' }));

    expect(screen.getByRole('status')).toHaveTextContent('Coach switched successfully');
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    await act(() => vi.advanceTimersByTimeAsync(SUCCESS_NOTICE_MS));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('says a failure at once, with its reason, until it is dismissed; a new notice replaces it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = setup(
      { tone: 'error', text: 'Switch coach error: Unable to switch coach', detail: 'That coach is full.' },
      { tone: 'success', text: 'User profile updated successfully' },
    );

    await user.click(screen.getByRole('button', { name: 'Switch coach error: Unable to switch coach!' }));
    await act(() => vi.advanceTimersByTimeAsync(SUCCESS_NOTICE_MS * 2));

    expect(screen.getByRole('alert')).toHaveTextContent('Switch coach error: Unable to switch coachThat coach is full.');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();

    await user.click(screen.getByRole('button', { name: 'Switch coach error: Unable to switch coach!' }));
    await user.click(screen.getByRole('button', { name: 'User profile updated successfully!' }));
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    expect(screen.getByRole('status')).toHaveTextContent('User profile updated successfully');
  });
});

describe('detailAfter', () => {
  it.each([
    ['Unable to update user profile', 'Unable to update user profile: some details need another look.', 'Some details need another look.'],
    ['Unable to update user profile', 'Please check the date of birth.', 'Please check the date of birth.'],
    ['Unable to update user profile', 'Unable to update user profile', ''],
    ['Unable to update user profile', undefined, ''],
  ])('after “%s”, “%s” adds “%s”', (text, detail, want) => {
    expect(detailAfter(text, detail)).toBe(want);
  });
});
