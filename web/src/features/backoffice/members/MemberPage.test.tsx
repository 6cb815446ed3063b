import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, type Answer } from '@/test/api';
import { serveAs, staffCoach, staffMe } from '@/test/admin';
import { renderApp } from '@/test/render-app';
import type { StaffMember } from './api/get-member';

const path = '/staff/members/u-7';
const api = '/api/staff/members/u-7';

function memberPage(extra: Partial<StaffMember> = {}): StaffMember {
  return {
    profile: {
      userId: 'u-7',
      email: 'sam@example.com',
      emailVerified: true,
      firstName: 'Sam',
      lastName: 'Rivera',
      dateOfBirth: '1990-04-30',
      device: 'iphone',
      role: 'member',
      subscription: { planId: 'standard', status: 'active' },
      pictureUrl: null,
    },
    signedUpAt: '2026-03-01T10:00:00Z',
    answers: [
      { questionSlug: 'how-you-identify', question: 'How do you identify, {firstName}?', answers: ['Woman'], updatedAt: '2026-03-01T10:05:00Z' },
      {
        questionSlug: 'your-challenge-is',
        question: 'What do you find hardest?',
        answers: ['Time management', 'Other: forgetting birthdays'],
        updatedAt: '2026-03-01T10:06:00Z',
      },
    ],
    score: 4,
    highLikelihood: true,
    utm: {
      first: { utm_source: 'newsletter', utm_campaign: 'spring' },
      latest: { utm_source: 'google', gclid: 'abc123' },
      firstAt: '2026-02-27T09:00:00Z',
      latestAt: '2026-03-01T09:58:00Z',
    },
    progress: [
      { fromSlug: 'name-and-birth', at: '2026-03-01T10:01:00Z' },
      { fromSlug: 'how-you-identify', at: '2026-03-01T10:05:00Z' },
    ],
    coaches: [
      { coachId: 'lena', name: 'Lena Okafor', assignedAt: '2026-03-01T10:10:00Z', endedAt: '2026-03-02T08:00:00Z' },
      { coachId: 'maya', name: 'Maya Reyes', assignedAt: '2026-03-02T08:00:00Z', endedAt: null },
    ],
    subscription: { planId: 'standard', status: 'active' },
    safety: [{ disclosedAt: '2026-03-01T10:07:00Z', reviewedAt: null }],
    ...extra,
  };
}

const coaches = {
  coaches: [
    staffCoach('maya', 'Maya'),
    staffCoach('dev', 'Dev', { lastName: 'Patel' }),
    staffCoach('ola', 'Ola', { lastName: 'Berg', active: false }),
    staffCoach('kim', 'Kim', { lastName: 'Lee', assigned: 10, capacity: 10 }),
  ],
};

function serve(answers: Record<string, Answer> = {}) {
  return serveAs(staffMe, { [`GET ${api}`]: json(200, memberPage()), 'GET /api/staff/coaches': json(200, coaches), ...answers });
}

const section = (name: string) => screen.getByRole('region', { name });

/** toast finds a notice's text and checks it sits in the live region of its kind. */
async function toast(text: string, role: 'status' | 'alert') {
  const found = await screen.findByText(text);
  expect(found.closest(`[role="${role}"]`)).not.toBeNull();
  return found;
}

describe('a member’s page', () => {
  it('shows who they are, what they answered with their score, their campaign, progress, coaches, payment and safety', async () => {
    serve();
    renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: 'Sam Rivera' })).toBeInTheDocument();
    expect(screen.getByText(/sam@example.com · Signed up Mar 1, 2026/)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Sam Rivera · Wayfinder staff'));

    const profile = section('Profile');
    expect(within(profile).getByRole('textbox', { name: 'First name' })).toHaveValue('Sam');
    expect(within(profile).getByRole('textbox', { name: 'Last name' })).toHaveValue('Rivera');
    expect(within(profile).getByLabelText('Date of birth')).toHaveValue('1990-04-30');
    expect(within(profile).getByRole('combobox', { name: 'Phone' })).toHaveValue('iphone');
    expect(within(profile).getByText('No picture yet')).toBeInTheDocument();

    const answers = section('Answers');
    expect(within(answers).getByText('Scored 4/6')).toBeInTheDocument();
    expect(within(answers).getByText('High likelihood of ADHD')).toBeInTheDocument();
    expect(within(answers).getByText('How do you identify, Sam?')).toBeInTheDocument();
    expect(within(answers).getByText('Woman')).toBeInTheDocument();
    expect(within(answers).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Time management', 'Other: forgetting birthdays']);

    const campaign = section('Campaign');
    expect(within(campaign).getByRole('heading', { name: 'First visit' })).toBeInTheDocument();
    expect(within(campaign).getByText('newsletter')).toBeInTheDocument();
    expect(within(campaign).getByText('spring')).toBeInTheDocument();
    expect(within(campaign).getByText('abc123')).toBeInTheDocument();

    const progress = section('Progress');
    expect(within(progress).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^Name and birth Mar 1, 2026/),
      expect.stringMatching(/^How you identify Mar 1, 2026/),
    ]);

    const coach = section('Coach');
    expect(within(coach).getByText('Current coach: Maya Reyes')).toBeInTheDocument();
    expect(within(coach).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Maya Reyes since Mar 2, 2026',
      'Lena Okafor Mar 1, 2026 to Mar 2, 2026',
    ]);

    expect(within(section('Payment')).getByText('Paid')).toBeInTheDocument();
    const safety = section('Safety');
    expect(within(safety).getByText('Awaiting review.')).toBeInTheDocument();
    expect(within(safety).getByRole('link', { name: 'Open the safety queue' })).toHaveAttribute('href', '/staff/safety');
  });

  it('says when the questionnaire is not scored yet and there is no campaign', async () => {
    serve({ [`GET ${api}`]: json(200, memberPage({ score: null, highLikelihood: false, utm: null, safety: [], coaches: [] })) });
    renderApp(path);

    expect(await screen.findByText('Not scored yet: the questionnaire isn’t finished.')).toBeInTheDocument();
    expect(screen.getByText('No campaign recorded.')).toBeInTheDocument();
    expect(screen.getByText('No safety disclosures.')).toBeInTheDocument();
    expect(screen.getByText('No coach yet.')).toBeInTheDocument();
  });

  it('shows a low score as a low likelihood', async () => {
    serve({ [`GET ${api}`]: json(200, memberPage({ score: 2, highLikelihood: false })) });
    renderApp(path);

    expect(await screen.findByText('Scored 2/6')).toBeInTheDocument();
    expect(screen.getByText('Low likelihood of ADHD')).toBeInTheDocument();
  });

  it.each([
    [404, 'Not Found'],
    [500, 'Internal Server Error'],
  ])('says “Unable to fetch user” when the member can’t be had (%d)', async (status, title) => {
    serve({ [`GET ${api}`]: json(status, { title, status }) });
    renderApp(path);

    expect(await screen.findByText('Unable to fetch user', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All members' })).toHaveAttribute('href', '/staff');
  });

  it('saves the corrected profile and says “User profile updated successfully”', async () => {
    let sent: unknown;
    serve({
      [`PUT ${api}/profile`]: async (request) => {
        sent = await request.json();
        return json(200, { profile: { ...memberPage().profile, firstName: 'Samantha', dateOfBirth: '1991-05-01', device: 'android' } });
      },
    });
    const { user } = renderApp(path);
    const profile = await screen.findByRole('region', { name: 'Profile' });

    const firstName = within(profile).getByRole('textbox', { name: 'First name' });
    await user.clear(firstName);
    await user.type(firstName, ' Samantha ');
    const birth = within(profile).getByLabelText('Date of birth');
    await user.clear(birth);
    await user.type(birth, '1991-05-01');
    await user.selectOptions(within(profile).getByRole('combobox', { name: 'Phone' }), 'Android');
    await user.click(within(profile).getByRole('button', { name: 'Save profile' }));

    await toast('User profile updated successfully', 'status');
    expect(sent).toEqual({ firstName: 'Samantha', lastName: 'Rivera', dateOfBirth: '1991-05-01', device: 'android' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Samantha Rivera' })).toBeInTheDocument();
  });

  it('sends no date of birth as null, and an unsaid phone as empty', async () => {
    let sent: unknown;
    serve({
      [`PUT ${api}/profile`]: async (request) => {
        sent = await request.json();
        return json(200, { profile: memberPage().profile });
      },
    });
    const { user } = renderApp(path);
    const profile = await screen.findByRole('region', { name: 'Profile' });

    await user.clear(within(profile).getByLabelText('Date of birth'));
    await user.selectOptions(within(profile).getByRole('combobox', { name: 'Phone' }), 'Not said');
    await user.click(within(profile).getByRole('button', { name: 'Save profile' }));

    await toast('User profile updated successfully', 'status');
    expect(sent).toMatchObject({ dateOfBirth: null, device: '' });
  });

  it('puts each refused field’s message beside it, focuses the first, and says “Unable to update user profile”', async () => {
    serve({
      [`PUT ${api}/profile`]: json(400, {
        title: 'Bad Request',
        status: 400,
        detail: 'Please check the highlighted fields.',
        errors: [
          { field: 'firstName', message: 'Please add a first name.' },
          { field: 'dateOfBirth', message: 'Members must be 18 or older.' },
        ],
      }),
    });
    const { user } = renderApp(path);
    const profile = await screen.findByRole('region', { name: 'Profile' });

    await user.clear(within(profile).getByRole('textbox', { name: 'First name' }));
    await user.click(within(profile).getByRole('button', { name: 'Save profile' }));

    await toast('Unable to update user profile', 'alert');
    expect(screen.getByText('Please check the highlighted fields.')).toBeInTheDocument();
    const firstName = within(profile).getByRole('textbox', { name: 'First name' });
    expect(firstName).toHaveAttribute('aria-invalid', 'true');
    expect(firstName).toHaveAccessibleDescription('Please add a first name.');
    expect(within(profile).getByLabelText('Date of birth')).toHaveAccessibleDescription('Members must be 18 or older.');
    await waitFor(() => expect(firstName).toHaveFocus());
  });

  it('offers every coach, saying who is resting or full, and switches: “Coach switched successfully”', async () => {
    let sent: unknown;
    let switched = false;
    serve({
      [`GET ${api}`]: () =>
        json(
          200,
          memberPage(
            switched
              ? {
                  coaches: [
                    { coachId: 'maya', name: 'Maya Reyes', assignedAt: '2026-03-02T08:00:00Z', endedAt: '2026-03-05T08:00:00Z' },
                    { coachId: 'dev', name: 'Dev Patel', assignedAt: '2026-03-05T08:00:00Z', endedAt: null },
                  ],
                }
              : {},
          ),
        ),
      [`PUT ${api}/coach`]: async (request) => {
        sent = await request.json();
        switched = true;
        return json(200, { coachId: 'dev', name: 'Dev Patel', assignedAt: '2026-03-05T08:00:00Z' });
      },
    });
    const { user } = renderApp(path);
    const coach = await screen.findByRole('region', { name: 'Coach' });
    const select = within(coach).getByRole('combobox', { name: 'New coach' });
    await waitFor(() => expect(select).toBeEnabled());

    const options = within(select).getAllByRole<HTMLOptionElement>('option');
    expect(options.map((o) => [o.textContent, o.disabled])).toEqual([
      ['Choose a coach', false],
      ['Maya Reyes (current coach)', true],
      ['Dev Patel (3 of 10)', false],
      ['Ola Berg (resting)', true],
      ['Kim Lee (full: 10 of 10)', true],
    ]);
    expect(within(coach).getByRole('button', { name: 'Switch coach' })).toBeDisabled();

    await user.selectOptions(select, 'dev');
    await user.click(within(coach).getByRole('button', { name: 'Switch coach' }));

    await toast('Coach switched successfully', 'status');
    expect(sent).toEqual({ coachId: 'dev' });
    expect(await within(coach).findByText('Current coach: Dev Patel')).toBeInTheDocument();
    expect(select).toHaveValue('');
  });

  it('says “Switch coach error: Unable to switch coach” with the server’s reason when refused', async () => {
    serve({ [`PUT ${api}/coach`]: json(409, { title: 'Conflict', status: 409, detail: 'Dev Patel has no room right now.' }) });
    const { user } = renderApp(path);
    const coach = await screen.findByRole('region', { name: 'Coach' });
    const select = within(coach).getByRole('combobox', { name: 'New coach' });
    await waitFor(() => expect(select).toBeEnabled());

    await user.selectOptions(select, 'dev');
    await user.click(within(coach).getByRole('button', { name: 'Switch coach' }));

    await toast('Switch coach error: Unable to switch coach', 'alert');
    expect(screen.getByText('Dev Patel has no room right now.')).toBeInTheDocument();
  });

  it('says “No coaches found” when there are none', async () => {
    serve({ 'GET /api/staff/coaches': json(200, { coaches: [] }) });
    renderApp(path);

    expect(await screen.findByText('No coaches found')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'New coach' })).not.toBeInTheDocument();
  });

  it('uploads a picture as the file itself with its type, then shows it; and removes it', async () => {
    let upload: { type: string | null; bytes: number } | undefined;
    serve({
      [`PUT ${api}/picture`]: async (request) => {
        upload = { type: request.headers.get('Content-Type'), bytes: (await request.arrayBuffer()).byteLength };
        return json(200, { pictureUrl: `${api}/picture?v=2` });
      },
      [`DELETE ${api}/picture`]: () => new Response(null, { status: 204 }),
    });
    const { user } = renderApp(path);
    const profile = await screen.findByRole('region', { name: 'Profile' });

    await user.upload(within(profile).getByLabelText('Profile picture'), new File([new Uint8Array(64)], 'me.png', { type: 'image/png' }));

    expect(await within(profile).findByRole('img', { name: 'Profile picture of Sam Rivera' })).toHaveAttribute('src', `${api}/picture?v=2`);
    expect(upload).toEqual({ type: 'image/png', bytes: 64 });

    await user.click(within(profile).getByRole('button', { name: 'Remove picture' }));

    expect(await within(profile).findByText('No picture yet')).toBeInTheDocument();
    expect(within(profile).queryByRole('img')).not.toBeInTheDocument();
  });

  it('says “Unable to upload profile picture” when the server refuses the image', async () => {
    serve({ [`PUT ${api}/picture`]: json(400, { title: 'Bad Request', status: 400, detail: 'That file is not an image we can read.' }) });
    const { user } = renderApp(path);
    const profile = await screen.findByRole('region', { name: 'Profile' });

    await user.upload(within(profile).getByLabelText('Profile picture'), new File([new Uint8Array(8)], 'me.jpg', { type: 'image/jpeg' }));

    expect(await within(profile).findByText('Unable to upload profile picture')).toBeInTheDocument();
  });
});
