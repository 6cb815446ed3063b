import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, member, mockServer, stubLocation } from '@/test/api';
import { adminMe, serveAs, staffMe } from '@/test/admin';
import { readLaunchFlags } from '@/lib/launch-flags';
import { renderApp } from '@/test/render-app';

const noMembers = { 'GET /api/staff/members': json(200, { members: [], next: null }) };

describe('the staff app’s gate (/staff)', () => {
  it('shows a member the ordinary Not Found page, and asks the staff API for nothing', async () => {
    const { requests } = mockServer({ 'GET /api/user/me': json(200, member), ...noMembers });
    renderApp('/staff');

    expect(await screen.findByRole('heading', { level: 1, name: 'Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('navigation', { name: 'Staff' })).not.toBeInTheDocument();
    expect(requests().filter((r) => r.includes('/api/staff'))).toEqual([]);
  });

  it.each(['/staff/members/u-2', '/staff/safety', '/staff/audit'])('shows a member Not Found at %s too', async (path) => {
    mockServer({ 'GET /api/user/me': json(200, member) });
    renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: 'Not Found' })).toBeInTheDocument();
  });

  it('sends a visitor who is not signed in to sign-in, returning to the staff page asked for', async () => {
    const { assign } = stubLocation();
    mockServer({ 'GET /api/user/me': json(401, { title: 'Unauthorized', status: 401 }) });
    renderApp('/staff/safety');

    await waitFor(() => expect(assign).toHaveBeenCalledExactlyOnceWith('/auth/login?returnTo=/staff/safety'));
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });

  it('shows the profile error in the member frame when the profile fails', async () => {
    mockServer({ 'GET /api/user/me': json(400, { title: 'Bad Request', status: 400 }) });
    renderApp('/staff');

    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to fetch user');
  });

  it('opens the staff app for staff: the brand, who is signed in, the staff pages but not the admins’', async () => {
    serveAs(staffMe, noMembers);
    renderApp('/staff');

    expect(await screen.findByRole('heading', { level: 1, name: 'Members' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Wayfinder staff home' })).toHaveAttribute('href', '/staff');
    expect(screen.getByText('Signed in as staff@example.com')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Staff' });
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['Members', 'Safety queue', 'Coaches', 'Android waitlist', 'Insights']);
    expect(within(nav).getByRole('link', { name: 'Members' })).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(document.title).toBe('Members · Wayfinder staff'));
  });

  it('offers admins the admin pages as well', async () => {
    serveAs(adminMe, noMembers);
    renderApp('/staff');

    const nav = await screen.findByRole('navigation', { name: 'Staff' });
    expect(within(nav).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Members', '/staff'],
      ['Safety queue', '/staff/safety'],
      ['Coaches', '/staff/coaches'],
      ['Android waitlist', '/staff/android-waitlist'],
      ['Insights', '/staff/insights'],
      ['Audit log', '/staff/audit'],
      ['Staff', '/staff/accounts'],
      ['Plans', '/staff/plans'],
      ['Webhooks', '/staff/webhooks'],
    ]);
  });

  it.each(['/staff/audit', '/staff/accounts', '/staff/plans', '/staff/coaches/new', '/staff/webhooks', '/staff/webhooks/w-1'])(
    'shows staff a short note at the admin page %s, and asks the server nothing for it',
    async (path) => {
      const { requests } = serveAs(staffMe);
      renderApp(path);

      expect(await screen.findByRole('heading', { level: 1, name: 'This is for administrators' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to members' })).toHaveAttribute('href', '/staff');
      expect(requests()).toEqual(['GET /api/user/me']);
    },
  );

  it('answers an unknown staff address inside the staff frame', async () => {
    serveAs(staffMe);
    renderApp('/staff/no-such-page');

    expect(await screen.findByRole('heading', { level: 1, name: 'We couldn’t find that page' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Staff' })).toBeInTheDocument();
  });

  it('signs staff out with the logout the app uses everywhere', async () => {
    readLaunchFlags('');
    const { assign } = stubLocation();
    const { requests } = serveAs(staffMe, { ...noMembers, 'POST /auth/logout': json(200, { redirectTo: 'http://localhost:3000/' }) });
    const { user } = renderApp('/staff');

    await user.click(await screen.findByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(assign).toHaveBeenCalledExactlyOnceWith('http://localhost:3000/'));
    expect(requests()).toContain('POST /auth/logout');
  });

  it('moves focus to the new page’s heading when staff follow a link, and marks the page in the navigation', async () => {
    serveAs(staffMe, { ...noMembers, 'GET /api/staff/safety': json(200, { followUps: [] }) });
    const { user, pathname } = renderApp('/staff');
    await screen.findByRole('heading', { level: 1, name: 'Members' });

    await user.click(screen.getByRole('link', { name: 'Safety queue' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Safety queue' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(pathname()).toBe('/staff/safety');
    expect(screen.getByRole('link', { name: 'Safety queue' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Members' })).not.toHaveAttribute('aria-current');
  });
});
