import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/api';
import { adminMe, serveAs, staffCoach, staffMe } from '@/test/admin';
import { renderApp } from '@/test/render-app';

const maya = staffCoach('maya', 'Maya', { nickname: 'May' });
const dev = staffCoach('dev', 'Dev', { active: false, assigned: 10, capacity: 10, avatarUrl: '' });

describe('the coaches list', () => {
  it('shows every coach with portrait, one-liner, whether they take members and how full they are', async () => {
    serveAs(adminMe, { 'GET /api/staff/coaches': json(200, { coaches: [dev, maya] }) });
    renderApp('/staff/coaches');

    expect(await screen.findByRole('heading', { level: 1, name: 'Coaches' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'All coaches' });
    const [first, second] = within(list).getAllByRole('listitem');

    expect(within(first!).getByRole('heading', { level: 2, name: 'Dev Reyes' })).toBeInTheDocument();
    expect(within(first!).getByText('Resting')).toBeInTheDocument();
    expect(within(first!).getByText('10 of 10 members, full')).toBeInTheDocument();
    expect(first!.querySelector('img')).toBeNull();

    expect(within(second!).getByRole('heading', { level: 2, name: 'Maya Reyes “May”' })).toBeInTheDocument();
    expect(within(second!).getByText('Maya helps with routines.')).toBeInTheDocument();
    expect(within(second!).getByText('Taking new members')).toBeInTheDocument();
    expect(within(second!).getByText('3 of 10 members')).toBeInTheDocument();
    expect(second!.querySelector('img')).toHaveAttribute('src', '/media/coaches/maya.svg');
    await waitFor(() => expect(document.title).toBe('Coaches · Wayfinder staff'));
  });

  it('gives admins the way to add and edit coaches', async () => {
    serveAs(adminMe, { 'GET /api/staff/coaches': json(200, { coaches: [maya] }) });
    renderApp('/staff/coaches');

    expect(await screen.findByRole('link', { name: 'Edit Maya Reyes' })).toHaveAttribute('href', '/staff/coaches/maya');
    expect(screen.getByRole('link', { name: 'Add a coach' })).toHaveAttribute('href', '/staff/coaches/new');
    expect(screen.getByRole('link', { name: 'Edit Maya Reyes' })).toHaveAttribute('href', '/staff/coaches/maya');
  });

  it('lets staff read the list without any control to change it', async () => {
    serveAs(staffMe, { 'GET /api/staff/coaches': json(200, { coaches: [maya] }) });
    renderApp('/staff/coaches');

    expect(await screen.findByRole('heading', { level: 2, name: 'Maya Reyes “May”' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add a coach' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Edit/ })).not.toBeInTheDocument();
  });

  it('says so when there are no coaches', async () => {
    serveAs(adminMe, { 'GET /api/staff/coaches': json(200, { coaches: [] }) });
    renderApp('/staff/coaches');

    expect(await screen.findByText('No coaches found')).toBeInTheDocument();
  });

  it('says plainly when the list did not load, and tries again', async () => {
    let calls = 0;
    serveAs(adminMe, {
      'GET /api/staff/coaches': () => (++calls === 1 ? json(400, { detail: 'no' }) : json(200, { coaches: [maya] })),
    });
    const { user } = renderApp('/staff/coaches');

    const alert = (await screen.findByText('We couldn’t load the coaches')).closest('[role="alert"]');
    expect(alert).toHaveTextContent('Check that you’re online');
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Maya Reyes “May”' })).toBeInTheDocument();
  });

  it('keeps staff who open the form’s address out, with a plain note', async () => {
    const server = serveAs(staffMe, { 'GET /api/staff/coaches': json(200, { coaches: [maya] }) });
    renderApp('/staff/coaches/new');

    expect(await screen.findByRole('heading', { level: 1, name: 'This is for administrators' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(server.requests()).not.toContain('GET /api/staff/coaches');
  });
});
