import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '@/test/api';
import { adminMe, serveAs, staffMe } from '@/test/admin';
import { renderApp } from '@/test/render-app';
import type { WaitlistEntry } from './api/get-android-waitlist';

/** entries builds count entries, newest first, a minute apart from 10:50 UTC down. */
function entries(from: number, count: number): WaitlistEntry[] {
  return Array.from({ length: count }, (_, i) => ({
    email: `member-${from + i}@example.com`,
    joinedAt: new Date(Date.UTC(2026, 2, 4, 10, 50 - ((from + i) % 50))).toISOString().replace('.000', ''),
  }));
}

const csv = 'email,joined_at,consent_version\nann@example.com,2026-03-04T10:50:00Z,android-waitlist-1\n';

describe('the Android waitlist page', () => {
  it('shows staff how many members are on the list, and who, newest first', async () => {
    serveAs(staffMe, {
      'GET /api/staff/android-waitlist': json(200, {
        count: 2,
        entries: [
          { email: 'ann@example.com', joinedAt: '2026-03-04T15:05:00Z' },
          { email: 'bob@example.com', joinedAt: '2026-03-01T09:00:00Z' },
        ],
        next: null,
      }),
    });
    renderApp('/staff/android-waitlist');

    expect(await screen.findByRole('heading', { level: 1, name: 'Android waitlist' })).toBeInTheDocument();
    expect(await screen.findByText('2 members are on the waitlist.')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Members on the Android waitlist, newest first' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Email', 'Joined']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['Emailann@example.com', 'Emailbob@example.com']);
    const when = rows[0]!.querySelector('time');
    expect(when).toHaveAttribute('datetime', '2026-03-04T15:05:00Z');
    expect(when?.textContent).toMatch(/^Mar 4, 2026, \d{1,2}:05\s[AP]M$/);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Staff' });
    expect(within(nav).getByRole('link', { name: 'Android waitlist' })).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(document.title).toBe('Android waitlist · Wayfinder staff'));
  });

  it('asks for the next page after the last one while there are more', async () => {
    const asked: string[] = [];
    serveAs(adminMe, {
      'GET /api/staff/android-waitlist': (request) => {
        const after = new URL(request.url).searchParams.get('after');
        asked.push(after ?? '');
        return json(200, after === null ? { count: 53, entries: entries(0, 50), next: 'page-2' } : { count: 53, entries: entries(50, 3), next: null });
      },
    });
    const { user } = renderApp('/staff/android-waitlist');

    expect(await screen.findByText('Showing 50 of 53.')).toBeInTheDocument();
    // By text, not role: working out the roles and names of many cells is slow in jsdom.
    await user.click(screen.getByText('Show more'));

    await waitFor(() => expect(screen.queryByText(/Showing/)).not.toBeInTheDocument());
    expect(screen.getByText('member-52@example.com')).toBeInTheDocument();
    expect(asked).toEqual(['', 'page-2']);
    expect(screen.queryByText('Show more')).not.toBeInTheDocument();
  }, 15_000);

  it('says so when no one has joined yet', async () => {
    serveAs(staffMe, { 'GET /api/staff/android-waitlist': json(200, { count: 0, entries: [], next: null }) });
    renderApp('/staff/android-waitlist');

    expect(await screen.findByText('No one has joined the waitlist yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('downloads the list as the CSV file the server names', async () => {
    const createObjectURL = vi.fn(() => 'blob:waitlist');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const { requests } = serveAs(staffMe, {
      'GET /api/staff/android-waitlist': json(200, { count: 1, entries: entries(0, 1), next: null }),
      'GET /api/staff/android-waitlist/export': () =>
        new Response(csv, {
          headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="wayfinder-android-waitlist-2026-03-04.csv"' },
        }),
    });
    const { user } = renderApp('/staff/android-waitlist');

    const button = await screen.findByRole('button', { name: 'Download CSV' });
    expect(button).toHaveAccessibleDescription('Email, joined time and consent version. Nothing from the survey.');
    await user.click(button);

    expect(await screen.findByText('The file is downloading.')).toHaveAttribute('role', 'status');
    expect(clicked).toEqual(['wayfinder-android-waitlist-2026-03-04.csv']);
    expect(createObjectURL).toHaveBeenCalledOnce();
    expect(requests()).toContain('GET /api/staff/android-waitlist/export');
  });

  it('tells a failed download in plain words with a reference, never the status', async () => {
    serveAs(staffMe, {
      'GET /api/staff/android-waitlist': json(200, { count: 1, entries: entries(0, 1), next: null }),
      'GET /api/staff/android-waitlist/export': () =>
        new Response(JSON.stringify({ type: 'about:blank', title: 'Internal Server Error', status: 500 }), {
          status: 500,
          headers: { 'Content-Type': 'application/problem+json', 'X-Request-Id': 'feedbeef-1234' },
        }),
    });
    const { user } = renderApp('/staff/android-waitlist');

    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));

    const status = await screen.findByText(/The file didn’t download\. Please try again in a minute\./, {}, { timeout: 4000 });
    expect(status).toHaveTextContent('Reference: feedbeef');
    expect(status).not.toHaveTextContent('500');
  }, 10_000);

  it('says when the list could not be loaded, and tries again', async () => {
    let fail = true;
    serveAs(staffMe, {
      'GET /api/staff/android-waitlist': () => (fail ? json(400, { status: 400 }) : json(200, { count: 1, entries: entries(0, 1), next: null })),
    });
    const { user } = renderApp('/staff/android-waitlist');

    expect(await screen.findByText('We couldn’t load the waitlist')).toBeInTheDocument();
    expect(screen.getByText('It may be your connection. Check that you’re online, then try again.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('1 member is on the waitlist.')).toBeInTheDocument();
  });
});
