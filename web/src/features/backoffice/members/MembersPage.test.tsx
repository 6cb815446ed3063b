import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, never } from '@/test/api';
import { adminMe, serveAs, staffMe } from '@/test/admin';
import { renderApp } from '@/test/render-app';
import type { StaffMemberRow } from './api/search-members';

function row(n: number, extra: Partial<StaffMemberRow> = {}): StaffMemberRow {
  return {
    userId: `u-${n}`,
    firstName: 'Sam',
    lastName: `Rivera ${n}`,
    email: `sam${n}@example.com`,
    signedUpAt: '2026-03-04T12:00:00Z',
    stepReached: 'how-you-identify',
    coach: null,
    payment: 'none',
    safetyFlag: false,
    ...extra,
  };
}

/** searches answers GET /api/staff/members by its query string, and records each one asked. */
function searches(pages: Record<string, { members: StaffMemberRow[]; next: string | null }>) {
  const asked: string[] = [];
  const answer = (request: Request) => {
    const query = new URL(request.url).search;
    asked.push(query);
    const page = pages[query];
    return page ? json(200, page) : json(500, { title: 'unexpected', status: 500 });
  };
  return { asked, answer };
}

const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('the members list', () => {
  it('lists the newest members with what staff need to know, each leading to the member', async () => {
    serveAs(staffMe, {
      'GET /api/staff/members': json(200, {
        members: [
          row(2, { coach: { coachId: 'maya', name: 'Maya Reyes' }, payment: 'active', safetyFlag: true }),
          row(1, { firstName: '', lastName: '', stepReached: null, payment: 'past_due' }),
        ],
        next: null,
      }),
    });
    renderApp('/staff');

    const table = await screen.findByRole('table', { name: 'Members, newest first' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name',
      'Email',
      'Signed up',
      'Step reached',
      'Coach',
      'Payment',
      'Safety',
    ]);
    const [first, second] = within(table).getAllByRole('row').slice(1);
    // The first cell also holds the email, shown there (instead of in its own column) on narrow screens.
    expect(cells(first!)).toEqual(['Sam Rivera 2sam2@example.com', 'sam2@example.com', 'Mar 4, 2026', 'How you identify', 'Maya Reyes', 'Paid', 'Needs review']);
    expect(cells(second!)).toEqual(['No name yetsam1@example.com', 'sam1@example.com', 'Mar 4, 2026', 'Not started', 'None yet', 'Overdue', 'None']);
    expect(within(first!).getByRole('link', { name: 'Sam Rivera 2' })).toHaveAttribute('href', '/staff/members/u-2');
    expect(within(second!).getByRole('link', { name: 'No name yet' })).toHaveAttribute('href', '/staff/members/u-1');
    // One page only: no page buttons.
    expect(screen.queryByRole('navigation', { name: 'Pages of members' })).not.toBeInTheDocument();
  });

  it('searches by name or email on Enter, from the first page', async () => {
    const { asked, answer } = searches({
      '': { members: [row(1)], next: null },
      '?q=maya%40example.com': { members: [row(7, { email: 'maya@example.com' })], next: null },
    });
    serveAs(staffMe, { 'GET /api/staff/members': answer });
    const { user } = renderApp('/staff');
    await screen.findByRole('link', { name: 'Sam Rivera 1' });

    const box = screen.getByRole('searchbox', { name: 'Search by name or email' });
    // The box says what short searches find, for sighted and screen-reader users alike.
    expect(box).toHaveAccessibleDescription(/One or two find a whole first or last name/);
    await user.type(box, '  maya@example.com {Enter}');

    expect(await screen.findByRole('link', { name: 'Sam Rivera 7' })).toBeInTheDocument();
    expect(asked).toEqual(['', '?q=maya%40example.com']);
    expect(screen.getByText(/Showing members matching “maya@example.com”/)).toBeInTheDocument();

    // "Show everyone" empties the search and the box.
    await user.click(screen.getByRole('button', { name: 'Show everyone' }));
    expect(await screen.findByRole('link', { name: 'Sam Rivera 1' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search by name or email' })).toHaveValue('');
  });

  it('searches with the Search button too', async () => {
    const { asked, answer } = searches({ '': { members: [row(1)], next: null }, '?q=Rivera': { members: [row(3)], next: null } });
    serveAs(staffMe, { 'GET /api/staff/members': answer });
    const { user } = renderApp('/staff');
    await screen.findByRole('link', { name: 'Sam Rivera 1' });

    await user.type(screen.getByRole('searchbox', { name: 'Search by name or email' }), 'Rivera');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(await screen.findByRole('link', { name: 'Sam Rivera 3' })).toBeInTheDocument();
    expect(asked).toContain('?q=Rivera');
  });

  it('says “No users found” when the search finds no one', async () => {
    serveAs(staffMe, { 'GET /api/staff/members': json(200, { members: [], next: null }) });
    renderApp('/staff');

    expect(await screen.findByText('No users found')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('goes to the next page with the server’s cursor and back again', async () => {
    const { asked, answer } = searches({
      '': { members: [row(30)], next: 'c1' },
      '?after=c1': { members: [row(5)], next: null },
    });
    serveAs(staffMe, { 'GET /api/staff/members': answer });
    const { user } = renderApp('/staff');
    await screen.findByRole('link', { name: 'Sam Rivera 30' });
    const pager = screen.getByRole('navigation', { name: 'Pages of members' });
    expect(within(pager).getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(within(pager).getByText('Page 1')).toBeInTheDocument();

    await user.click(within(pager).getByRole('button', { name: 'Next page' }));

    expect(await screen.findByRole('link', { name: 'Sam Rivera 5' })).toBeInTheDocument();
    expect(within(pager).getByText('Page 2')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Next page' })).toBeDisabled();

    await user.click(within(pager).getByRole('button', { name: 'Previous page' }));

    expect(await screen.findByRole('link', { name: 'Sam Rivera 30' })).toBeInTheDocument();
    expect(asked).toEqual(['', '?after=c1']);
  });

  it('remembers the search and the page when staff come back to the list', async () => {
    const { answer } = searches({
      '': { members: [row(30)], next: 'c1' },
      '?after=c1': { members: [row(5)], next: null },
    });
    serveAs(staffMe, { 'GET /api/staff/members': answer, 'GET /api/staff/members/u-5': never });
    const { user, navigate } = renderApp('/staff');
    await user.click(await screen.findByRole('button', { name: 'Next page' }));
    await user.click(await screen.findByRole('link', { name: 'Sam Rivera 5' }));

    await navigate('/staff');

    expect(await screen.findByRole('link', { name: 'Sam Rivera 5' })).toBeInTheDocument();
    expect(screen.getByText('Page 2')).toBeInTheDocument();
  });

  it('says when the list fails to load, and tries again when asked', async () => {
    const answers = [json(403, { title: 'Forbidden', status: 403 }), json(200, { members: [row(1)], next: null })];
    serveAs(staffMe, { 'GET /api/staff/members': () => answers.shift() ?? json(500) });
    const { user } = renderApp('/staff');

    const text = await screen.findByText('We couldn’t load the members. Please try again.');
    const alert = text.closest<HTMLElement>('[role="alert"]')!;
    expect(alert).toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('link', { name: 'Sam Rivera 1' })).toBeInTheDocument();
    expect(screen.queryByText('We couldn’t load the members. Please try again.')).not.toBeInTheDocument();
  });

  it('offers admins a download of every member, which the server audits', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:members'), revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const { requests } = serveAs(adminMe, {
      'GET /api/staff/members': json(200, { members: [row(1)], next: null }),
      'GET /api/staff/insights/members/export': () =>
        new Response('user_id,first_name\n', {
          headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="wayfinder-members-2026-03-04.csv"' },
        }),
    });
    const { user } = renderApp('/staff');

    const button = await screen.findByRole('button', { name: 'Download members (CSV)' });
    expect(button).toHaveAccessibleDescription(
      'Name, email, sign-up date, step, coach, payment and campaign. No survey answers. The download is written to the audit log.',
    );
    await user.click(button);

    expect(await screen.findByText('The file is downloading.')).toHaveAttribute('role', 'status');
    expect(clicked).toEqual(['wayfinder-members-2026-03-04.csv']);
    expect(requests()).toContain('GET /api/staff/insights/members/export');
  });

  it('tells an admin in words when the members’ file didn’t download', async () => {
    serveAs(adminMe, {
      'GET /api/staff/members': json(200, { members: [row(1)], next: null }),
      'GET /api/staff/insights/members/export': () =>
        new Response(JSON.stringify({ type: 'about:blank', title: 'Forbidden', status: 403 }), {
          status: 403,
          headers: { 'Content-Type': 'application/problem+json', 'X-Request-Id': 'cafe0123-4567' },
        }),
    });
    const { user } = renderApp('/staff');

    await user.click(await screen.findByRole('button', { name: 'Download members (CSV)' }));

    const status = await screen.findByText(/The file didn’t download\. Please try again in a minute\./);
    expect(status).toHaveTextContent('Reference: cafe0123');
    expect(status).not.toHaveTextContent('403');
  });

  it('shows staff who are not admins no members’ download', async () => {
    const { requests } = serveAs(staffMe, { 'GET /api/staff/members': json(200, { members: [row(1)], next: null }) });
    renderApp('/staff');

    await screen.findByRole('link', { name: 'Sam Rivera 1' });
    expect(screen.queryByRole('button', { name: /Download members/ })).not.toBeInTheDocument();
    await waitFor(() => expect(requests()).not.toContain('GET /api/staff/insights/members/export'));
  });
});
