import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/api';
import { adminMe, serveAs, staffCoach } from '@/test/admin';
import { renderApp } from '@/test/render-app';
import type { StaffCoachInput } from './api/save-coach';

const maya = staffCoach('maya', 'Maya');

/** fill replaces a field's text in one paste: typing it key by key would add nothing but time. */
async function fill(user: ReturnType<typeof renderApp>['user'], field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

/** bodyOf reads a request's JSON body. */
async function bodyOf(request: Request): Promise<StaffCoachInput> {
  return (await request.clone().json()) as StaffCoachInput;
}

describe('adding a coach', () => {
  it('sends every field, says it was added and goes back to the list', async () => {
    let sent: StaffCoachInput | undefined;
    const added = staffCoach('new-1', 'Jo', { lastName: 'Park', avatarUrl: '', assigned: 0, capacity: 12 });
    let coaches = [maya];
    serveAs(adminMe, {
      'GET /api/staff/coaches': () => json(200, { coaches }),
      'POST /api/staff/coaches': async (request) => {
        sent = await bodyOf(request);
        coaches = [added, maya];
        return json(201, added);
      },
    });
    const { user, pathname } = renderApp('/staff/coaches/new');

    expect(await screen.findByRole('heading', { level: 1, name: 'Add a coach' })).toBeInTheDocument();
    expect(screen.getByText('You can add a portrait once the coach is saved.')).toBeInTheDocument();
    await fill(user, screen.getByLabelText('First name'), 'Jo');
    await fill(user, screen.getByLabelText('Last name'), 'Park');
    await fill(user, screen.getByLabelText('Nickname (optional)'), 'JP');
    await fill(user, screen.getByLabelText('One-liner'), 'Gentle structure.');
    const tags = screen.getByLabelText('Specialties and personality');
    expect(tags).toHaveAccessibleDescription(/Separate them with commas/);
    await fill(user, tags, 'Focus ,  Calm,,');
    await user.selectOptions(screen.getByLabelText('Time zone'), 'America/Denver');
    await fill(user, screen.getByLabelText('About'), 'Jo coached teachers.');
    await fill(user, screen.getByLabelText('Intro video address (optional)'), 'https://vimeo.com/123');
    await fill(user, screen.getByLabelText('Captions address (optional)'), '/media/jo.vtt');
    const capacity = screen.getByLabelText('Capacity');
    await fill(user, capacity, '12');
    expect(screen.getByRole('checkbox', { name: 'Taking new members' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Taking new members' })).toHaveAccessibleDescription(/current members stay|members they have now stay/);
    await user.click(screen.getByRole('button', { name: 'Add coach' }));

    await waitFor(() => expect(pathname()).toBe('/staff/coaches'));
    expect(sent).toEqual({
      firstName: 'Jo',
      lastName: 'Park',
      nickname: 'JP',
      avatarUrl: '',
      oneLiner: 'Gentle structure.',
      tags: 'Focus, Calm',
      timezone: 'America/Denver',
      description: 'Jo coached teachers.',
      introVideoUrl: 'https://vimeo.com/123',
      captionsUrl: '/media/jo.vtt',
      active: true,
      capacity: 12,
    });
    expect(await screen.findByText('Jo Park was added.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Jo Park' })).toBeInTheDocument();
  }, 15_000);

  it('puts each refusal beside its field, lists them at the top and moves focus there', async () => {
    serveAs(adminMe, {
      'GET /api/staff/coaches': json(200, { coaches: [maya] }),
      'POST /api/staff/coaches': json(400, {
        type: 'about:blank',
        title: 'Bad Request',
        status: 400,
        detail: 'The coach   needs another look.',
        errors: [
          { field: 'lastName', message: 'is required' },
          { field: 'firstName', message: 'is required' },
          { field: 'introVideoUrl', message: 'must be an http(s) URL or a path on this site starting with /' },
        ],
      }),
    });
    const { user } = renderApp('/staff/coaches/new');

    await user.type(await screen.findByLabelText('Intro video address (optional)'), 'ftp://x');
    await user.click(screen.getByRole('button', { name: 'Add coach' }));

    const summary = await screen.findByRole('alert', { name: 'The coach wasn’t saved' });
    await waitFor(() => expect(summary).toHaveFocus());
    expect(summary).toHaveTextContent('The coach needs another look.');
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'First name is required.',
      'Last name is required.',
      'Intro video address must be an http(s) URL or a path on this site starting with /.',
    ]);

    const firstName = screen.getByLabelText('First name');
    expect(firstName).toHaveAttribute('aria-invalid', 'true');
    expect(firstName).toHaveAccessibleDescription('First name is required.');
    expect(screen.getByLabelText('Intro video address (optional)')).toHaveAccessibleDescription(
      'A Vimeo page or a video file, starting with https:// or /. Intro video address must be an http(s) URL or a path on this site starting with /.',
    );
    expect(screen.getByLabelText('Nickname (optional)')).not.toHaveAttribute('aria-invalid');

    await user.click(links[1]!);
    expect(screen.getByLabelText('Last name')).toHaveFocus();
  });

  it('checks the capacity is a whole number before sending', async () => {
    const server = serveAs(adminMe, { 'GET /api/staff/coaches': json(200, { coaches: [maya] }) });
    const { user } = renderApp('/staff/coaches/new');

    const capacity = await screen.findByLabelText('Capacity');
    await user.clear(capacity);
    await user.click(screen.getByRole('button', { name: 'Add coach' }));

    expect(await screen.findByRole('alert', { name: 'The coach wasn’t saved' })).toHaveTextContent('Capacity must be a whole number, zero or more.');
    expect(capacity).toHaveAccessibleDescription(/Capacity must be a whole number/);
    expect(server.requests()).not.toContain('POST /api/staff/coaches');
  });

  it('says plainly when the server refuses an account that is not an admin', async () => {
    serveAs(adminMe, {
      'GET /api/staff/coaches': json(200, { coaches: [maya] }),
      'POST /api/staff/coaches': json(403, { type: 'about:blank', title: 'Forbidden', status: 403, detail: 'Forbidden' }),
    });
    const { user } = renderApp('/staff/coaches/new');

    await user.type(await screen.findByLabelText('First name'), 'Jo');
    await user.type(screen.getByLabelText('Last name'), 'Park');
    await user.click(screen.getByRole('button', { name: 'Add coach' }));

    expect(await screen.findByRole('alert', { name: 'The coach wasn’t saved' })).toHaveTextContent(
      'The server said only administrators can do this. Nothing was changed.',
    );
  });
});

describe('editing a coach', () => {
  it('starts from the coach as saved, and resting them keeps their members, as the form says', async () => {
    let sent: StaffCoachInput | undefined;
    serveAs(adminMe, {
      'GET /api/staff/coaches': json(200, { coaches: [maya] }),
      'PUT /api/staff/coaches/maya': async (request) => {
        sent = await bodyOf(request);
        return json(200, { ...maya, active: false });
      },
    });
    const { user, pathname } = renderApp('/staff/coaches/maya');

    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Maya Reyes' })).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('Maya');
    expect(screen.getByLabelText('Time zone')).toHaveValue('America/Chicago');
    expect(screen.getByLabelText('Capacity')).toHaveValue(10);
    expect(screen.getByRole('heading', { level: 3, name: 'Rest this coach' })).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Taking new members' }));
    expect(screen.getByText('Saving will rest Maya. The 3 members working with them now stay with them.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(pathname()).toBe('/staff/coaches'));
    expect(sent).toMatchObject({ firstName: 'Maya', active: false, capacity: 10, avatarUrl: '/media/coaches/maya.svg', tags: 'Time management, Warm' });
    expect(await screen.findByText('Changes to Maya Reyes were saved.')).toBeInTheDocument();
  });

  it('uploads a portrait as the file itself and shows the new one', async () => {
    let uploaded: { type: string | null; size: number } | undefined;
    serveAs(adminMe, {
      'GET /api/staff/coaches': json(200, { coaches: [maya] }),
      'PUT /api/staff/coaches/maya/portrait': async (request) => {
        uploaded = { type: request.headers.get('Content-Type'), size: (await request.arrayBuffer()).byteLength };
        return json(200, { ...maya, avatarUrl: '/media/maya.jpg?v=2' });
      },
    });
    const { user } = renderApp('/staff/coaches/maya');

    expect(await screen.findByRole('heading', { level: 2, name: 'Portrait' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Portrait of Maya Reyes' })).toHaveAttribute('src', '/media/coaches/maya.svg');
    const file = new File([new Uint8Array([137, 80, 78, 71, 1, 2, 3])], 'maya.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Choose a portrait'), file);

    await waitFor(() => expect(screen.getByRole('img', { name: 'Portrait of Maya Reyes' })).toHaveAttribute('src', '/media/maya.jpg?v=2'));
    expect(uploaded).toEqual({ type: 'image/png', size: 7 });
  });

  it('says so when the coach is not on the list', async () => {
    serveAs(adminMe, { 'GET /api/staff/coaches': json(200, { coaches: [maya] }) });
    renderApp('/staff/coaches/nobody');

    expect(await screen.findByRole('heading', { level: 2, name: 'We couldn’t find that coach' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Edit a coach' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to coaches' })).toHaveAttribute('href', '/staff/coaches');
  });
});
