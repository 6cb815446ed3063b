import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/api';
import { adminMe, serveAs, staffMe } from '@/test/admin';
import { renderApp } from '@/test/render-app';
import type { StaffAccount } from './api/get-accounts';

const ada: StaffAccount = {
  userId: 'admin-1',
  email: 'admin@example.com',
  firstName: 'Ada',
  lastName: 'Admin',
  role: 'admin',
  signedUpAt: '2026-01-05T12:00:00Z',
};
const sam: StaffAccount = { userId: 'staff-1', email: 'staff@example.com', firstName: '', lastName: '', role: 'staff', signedUpAt: '2026-02-10T12:00:00Z' };

function problem(status: number, detail: string, errors?: { field: string; message: string }[]) {
  return json(status, { type: 'about:blank', title: 'Problem', status, detail, ...(errors ? { errors } : {}) });
}

describe('the staff accounts page', () => {
  it('lists who can use the back office, with their role and since when', async () => {
    serveAs(adminMe, { 'GET /api/staff/accounts': json(200, { accounts: [ada, sam], rolesFromProvider: false }) });
    renderApp('/staff/accounts');

    expect(await screen.findByRole('heading', { level: 1, name: 'Staff accounts' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Staff and administrators' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Email', 'Name', 'Role', 'Signed up']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('admin@example.com');
    expect(first).toHaveTextContent('Ada Admin');
    expect(first).toHaveTextContent('Administrator');
    expect(first).toHaveTextContent('Jan 5, 2026');
    expect(second).toHaveTextContent('No name given');
    expect(second).toHaveTextContent('Staff');
    expect(screen.getByRole('heading', { level: 2, name: 'Give someone a role' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Staff accounts · Wayfinder staff'));
  });

  it('gives the person with that email a role, then says so', async () => {
    let sent: unknown;
    let accounts = [ada];
    serveAs(adminMe, {
      'GET /api/staff/accounts': () => json(200, { accounts, rolesFromProvider: false }),
      'PUT /api/staff/accounts': async (request) => {
        sent = await request.json();
        const given: StaffAccount = { ...sam, email: 'new@example.com', userId: 'u-9' };
        accounts = [ada, given];
        return json(200, given);
      },
    });
    const { user } = renderApp('/staff/accounts');

    const email = await screen.findByLabelText('Their email');
    expect(screen.getByText('The person must have created a Wayfinder account first, with this same email.')).toBeInTheDocument();
    const role = screen.getByLabelText('Role');
    expect(role).toHaveValue('staff');
    expect(within(role).getAllByRole('option').map((o) => o.textContent)).toEqual(['Staff', 'Administrator', 'Member (no back-office access)']);
    expect(role).toHaveAccessibleDescription(/Administrators can also change coaches, roles and plans/);
    await user.type(email, ' new@example.com ');
    await user.click(screen.getByRole('button', { name: 'Give role' }));

    expect(await screen.findByText('new@example.com is now on staff.')).toBeInTheDocument();
    expect(sent).toEqual({ email: 'new@example.com', role: 'staff' });
    expect(email).toHaveValue('');
    expect(await screen.findByRole('rowheader', { name: 'new@example.com' })).toBeInTheDocument();
  });

  it('says plainly when no one signed up with that email', async () => {
    serveAs(adminMe, {
      'GET /api/staff/accounts': json(200, { accounts: [ada], rolesFromProvider: false }),
      'PUT /api/staff/accounts': problem(404, 'No one has signed up with that email.'),
    });
    const { user } = renderApp('/staff/accounts');

    await user.type(await screen.findByLabelText('Their email'), 'nobody@example.com');
    await user.selectOptions(screen.getByLabelText('Role'), 'admin');
    await user.click(screen.getByRole('button', { name: 'Give role' }));

    const alert = await screen.findByText('The role wasn’t changed');
    expect(alert.closest('[role="alert"]')).toHaveTextContent('No one has signed up with that email.');
  });

  it('shows the server’s reason for a change it can’t make, and an email it can’t read beside the field', async () => {
    let answer = problem(409, 'You can’t change your own role.');
    serveAs(adminMe, {
      'GET /api/staff/accounts': json(200, { accounts: [ada], rolesFromProvider: false }),
      'PUT /api/staff/accounts': () => answer.clone(),
    });
    const { user } = renderApp('/staff/accounts');

    const email = await screen.findByLabelText('Their email');
    await user.type(email, 'admin@example.com');
    await user.click(screen.getByRole('button', { name: 'Give role' }));
    const alert = (await screen.findByText('The role wasn’t changed')).closest('[role="alert"]');
    expect(alert).toHaveTextContent('You can’t change your own role.');

    answer = problem(400, 'Please check the email.', [{ field: 'email', message: 'Please give a whole email address, like name@example.com.' }]);
    await user.clear(email);
    await user.type(email, 'nope');
    await user.click(screen.getByRole('button', { name: 'Give role' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription('Please give a whole email address, like name@example.com.'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });

  it('asks for an email before sending', async () => {
    const server = serveAs(adminMe, { 'GET /api/staff/accounts': json(200, { accounts: [ada], rolesFromProvider: false }) });
    const { user } = renderApp('/staff/accounts');

    await user.click(await screen.findByRole('button', { name: 'Give role' }));

    expect(screen.getByLabelText('Their email')).toHaveAccessibleDescription('Please give the email they signed up with.');
    expect(screen.getByLabelText('Their email')).toHaveFocus();
    expect(server.requests()).not.toContain('PUT /api/staff/accounts');
  });

  it('explains that roles are managed in the identity provider, and offers no form', async () => {
    serveAs(adminMe, { 'GET /api/staff/accounts': json(200, { accounts: [ada], rolesFromProvider: true }) });
    renderApp('/staff/accounts');

    expect(await screen.findByText('Roles are managed in your identity provider')).toBeInTheDocument();
    expect(screen.getByText(/change it there/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Their email')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Give role' })).not.toBeInTheDocument();
  });

  it('is not offered to staff who are not admins', async () => {
    const server = serveAs(staffMe, {});
    renderApp('/staff/accounts');

    expect(await screen.findByRole('heading', { level: 1, name: 'This is for administrators' })).toBeInTheDocument();
    expect(server.requests()).not.toContain('GET /api/staff/accounts');
  });
});
