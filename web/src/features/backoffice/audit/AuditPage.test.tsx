import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/api';
import { adminMe, serveAs, staffMe } from '@/test/admin';
import { renderApp } from '@/test/render-app';
import type { AuditEntry } from './api/get-audit-log';

function entry(id: number, extra: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    at: '2026-03-04T15:05:00Z',
    staffUserId: 'staff-1',
    staffEmail: 'staff@example.com',
    action: 'member.view',
    memberId: 'u-42',
    target: '',
    address: '203.0.113.9',
    ...extra,
  };
}

/** page builds count entries with ids counting down from top, as the server sends them. */
function page(top: number, count: number): AuditEntry[] {
  return Array.from({ length: count }, (_, i) => entry(top - i));
}

describe('the audit log', () => {
  it('shows the entries newest first, each action in words, the member linked', async () => {
    serveAs(adminMe, {
      'GET /api/staff/audit': json(200, {
        entries: [
          entry(3, { action: 'coach.update', memberId: '', target: 'maya', staffEmail: 'admin@example.com' }),
          entry(2, { action: 'member.coach.switch', target: 'dev' }),
          entry(1, { action: 'something.new', address: '' }),
        ],
      }),
    });
    renderApp('/staff/audit');

    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Audit log entries, newest first' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['When', 'Staff', 'Action', 'Member', 'Target', 'Address']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);

    const cells = (row: HTMLElement) => within(row).getAllByRole('cell');
    expect(cells(rows[0]!)[1]).toHaveTextContent('admin@example.com');
    expect(cells(rows[0]!)[2]).toHaveTextContent('Edited coach');
    expect(cells(rows[0]!)[3]).toHaveTextContent('None');
    expect(cells(rows[0]!)[4]).toHaveTextContent('maya');
    expect(cells(rows[1]!)[2]).toHaveTextContent('Switched coach');
    expect(within(cells(rows[1]!)[3]!).getByRole('link', { name: 'u-42' })).toHaveAttribute('href', '/staff/members/u-42');
    expect(cells(rows[2]!)[2]).toHaveTextContent('something.new');
    expect(cells(rows[2]!)[5]).toHaveTextContent('None');
    const when = cells(rows[1]!)[0]!.querySelector('time');
    expect(when).toHaveAttribute('datetime', '2026-03-04T15:05:00Z');
    expect(when?.textContent).toMatch(/^Mar 4, 2026, \d{1,2}:05:00\s[AP]M$/);
    expect(screen.getByText('Showing 3 entries.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Older entries' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Audit log · Wayfinder staff'));
  });

  it('takes its filters from the address and sends them to the server', async () => {
    const asked: string[] = [];
    serveAs(adminMe, {
      'GET /api/staff/audit': (request) => {
        asked.push(new URL(request.url).search);
        return json(200, { entries: [entry(5)] });
      },
    });
    renderApp('/staff/audit?memberId=u-42&staffId=staff-1');

    expect(await screen.findByLabelText('Member id')).toHaveValue('u-42');
    expect(screen.getByLabelText('Staff user id')).toHaveValue('staff-1');
    await screen.findByRole('table');
    expect(asked).toEqual(['?memberId=u-42&staffId=staff-1']);
    expect(screen.getByRole('link', { name: 'Clear filters' })).toHaveAttribute('href', '/staff/audit');
  });

  it('writes the filters into the address when they are applied', async () => {
    const asked: string[] = [];
    serveAs(adminMe, {
      'GET /api/staff/audit': (request) => {
        asked.push(new URL(request.url).search);
        return json(200, { entries: [] });
      },
    });
    const { user } = renderApp('/staff/audit');

    expect(await screen.findByText('Nothing has been recorded yet.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Member id'), ' u-7 ');
    await user.click(screen.getByRole('button', { name: 'Show entries' }));

    expect(await screen.findByText('No entries match these filters.')).toBeInTheDocument();
    expect(asked).toEqual(['', '?memberId=u-7']);
    expect(screen.getByRole('search', { name: 'Filter' })).toBeInTheDocument();
  });

  it('asks for older entries before the last one while full pages come back', async () => {
    const asked: string[] = [];
    serveAs(adminMe, {
      'GET /api/staff/audit': (request) => {
        const before = new URL(request.url).searchParams.get('before');
        asked.push(before ?? '');
        return json(200, { entries: before === null ? page(250, 100) : page(Number(before) - 1, 40) });
      },
    });
    const { user } = renderApp('/staff/audit');

    expect(await screen.findByText('Showing 100 entries.')).toBeInTheDocument();
    // By text, not role: working out the roles and names of a few hundred cells is slow in jsdom.
    await user.click(screen.getByText('Older entries'));

    expect(await screen.findByText('Showing 140 entries.')).toBeInTheDocument();
    expect(asked).toEqual(['', '151']);
    expect(screen.queryByText('Older entries')).not.toBeInTheDocument();
  }, 15_000);

  it('tells an account the server refuses that the page is for administrators', async () => {
    serveAs(adminMe, { 'GET /api/staff/audit': json(403, { type: 'about:blank', title: 'Forbidden', status: 403 }) });
    renderApp('/staff/audit');

    expect(await screen.findByRole('heading', { level: 2, name: 'This is for administrators' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('shows staff who are not admins a note instead, and asks the server nothing', async () => {
    const server = serveAs(staffMe, { 'GET /api/staff/audit': json(200, { entries: [] }) });
    renderApp('/staff/audit?memberId=u-42');

    expect(await screen.findByRole('heading', { level: 1, name: 'This is for administrators' })).toBeInTheDocument();
    expect(server.requests()).not.toContain('GET /api/staff/audit');
    expect(screen.queryByRole('link', { name: 'Audit log' })).not.toBeInTheDocument();
  });
});
