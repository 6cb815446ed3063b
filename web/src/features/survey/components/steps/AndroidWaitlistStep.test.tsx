import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, member, mockServer, type Answer } from '@/test/api';
import { renderApp } from '@/test/render-app';
import { answeredBefore, resumeAtOf, testDefinition } from '@/features/survey/test-definition';

const waitlistPath = '/api/user/me/android-waitlist';
const notJoined = { joined: false };
const joinedAs = (email: string) => ({ joined: true, email, joinedAt: '2026-05-04T09:30:00Z' });

/**
 * server answers the survey's calls for a member on ios-only, and the waitlist's with the answers
 * given; every PUT body is recorded in sent.
 */
function server(waitlist: Partial<Record<'GET' | 'PUT' | 'DELETE', Answer>> = {}) {
  const sent: unknown[] = [];
  const answers = answeredBefore('how-you-identify');
  const mock = mockServer({
    'GET /api/user/me': json(200, member),
    'GET /api/onboarding/definition': json(200, testDefinition),
    'GET /api/onboarding/survey': json(200, { answers, resumeAt: resumeAtOf(answers), score: null, highLikelihood: false }),
    [`GET ${waitlistPath}`]: waitlist.GET ?? json(200, notJoined),
    [`PUT ${waitlistPath}`]: async (request) => {
      const body = (await request.clone().json()) as { email: string };
      sent.push(body);
      const answer = waitlist.PUT ?? json(200, joinedAs(body.email));
      return typeof answer === 'function' ? answer(request) : answer.clone();
    },
    [`DELETE ${waitlistPath}`]: waitlist.DELETE ?? new Response(null, { status: 204 }),
  });
  return { sent, ...mock };
}

/** failed is a server's failure answer, with the request id a member can quote. */
function failed(status: number): Response {
  return new Response(JSON.stringify({ type: 'about:blank', title: 'Internal Server Error', status, detail: 'Something went wrong on our side.' }), {
    status,
    headers: { 'Content-Type': 'application/problem+json', 'X-Request-Id': 'abcd1234-5678-90ef' },
  });
}

beforeAll(async () => {
  await import('./AndroidWaitlistStep');
});

describe('the Android waitlist on ios-only', () => {
  it('offers the waitlist with the sign-in email, and keeps the way to change the answer', async () => {
    server();
    renderApp('/ios-only');

    const section = await screen.findByRole('region', { name: 'Join the Android waitlist' });
    const email = await within(section).findByRole('textbox', { name: 'Email address' });
    expect(email).toHaveValue('member@example.com');
    expect(email).toHaveAccessibleDescription('We’ll write to this address once. It can be different from the one you sign in with.');
    expect(within(section).getByRole('checkbox', { name: /Email me once when Wayfinder is on Android/ })).not.toBeChecked();
    expect(within(section).getByRole('button', { name: 'Join the Android waitlist' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change my answer' })).toHaveAttribute('href', '/name-and-birth');
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  });

  it('won’t join without consent, says so at the box, and sends nothing', async () => {
    const { sent } = server();
    const { user } = renderApp('/ios-only');

    await user.click(await screen.findByRole('button', { name: 'Join the Android waitlist' }));

    const consent = screen.getByRole('checkbox', { name: /Email me once/ });
    expect(consent).toHaveAttribute('aria-invalid', 'true');
    expect(consent).toHaveAccessibleDescription('Please tick the box so we may email you when Wayfinder is on Android.');
    expect(consent).toHaveFocus();
    expect(sent).toEqual([]);

    // Ticking it clears the problem.
    await user.click(consent);
    expect(consent).not.toHaveAttribute('aria-invalid');
  });

  it('asks for an email address that looks like one, at the field', async () => {
    const { sent } = server();
    const { user } = renderApp('/ios-only');

    const email = await screen.findByRole('textbox', { name: 'Email address' });
    await user.clear(email);
    await user.click(screen.getByRole('checkbox', { name: /Email me once/ }));
    await user.click(screen.getByRole('button', { name: 'Join the Android waitlist' }));

    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(/Please type the email address we should write to\.$/);
    expect(email).toHaveFocus();

    await user.type(email, 'ann at example');
    await user.click(screen.getByRole('button', { name: 'Join the Android waitlist' }));
    expect(email).toHaveAccessibleDescription(/Please check the email address\. It should look like name@example\.com\.$/);
    expect(sent).toEqual([]);
  });

  it('joins with the address and the consent, then says calmly where the news will go', async () => {
    const { sent } = server();
    const { user } = renderApp('/ios-only');

    const email = await screen.findByRole('textbox', { name: 'Email address' });
    await user.clear(email);
    await user.type(email, '  ann.news@example.com ');
    await user.click(screen.getByRole('checkbox', { name: /Email me once/ }));
    await user.click(screen.getByRole('button', { name: 'Join the Android waitlist' }));

    const heading = await screen.findByRole('heading', { level: 2, name: 'You’re on the list' });
    expect(sent).toEqual([{ email: 'ann.news@example.com', consent: true }]);
    const section = screen.getByRole('region', { name: 'You’re on the list' });
    expect(within(section).getByRole('status')).toHaveTextContent('We’ll write to ann.news@example.com once, when Wayfinder is on Android.');
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.queryByRole('textbox', { name: 'Email address' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave the waitlist' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change my answer' })).toBeInTheDocument();
  });

  it('shows a returning member their place, and lets them leave', async () => {
    const { requests } = server({ GET: json(200, joinedAs('ann.news@example.com')) });
    const { user } = renderApp('/ios-only');

    expect(await screen.findByRole('heading', { level: 2, name: 'You’re on the list' })).toBeInTheDocument();
    expect(screen.getByText('ann.news@example.com')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Leave the waitlist' }));

    const heading = await screen.findByRole('heading', { level: 2, name: 'Join the Android waitlist' });
    const section = screen.getByRole('region', { name: 'Join the Android waitlist' });
    expect(within(section).getByRole('status')).toHaveTextContent('You’ve left the waitlist. We won’t email you about Android.');
    await waitFor(() => expect(heading).toHaveFocus());
    // Joining again starts from the address they had.
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveValue('ann.news@example.com');
    expect(requests()).toContain(`DELETE ${waitlistPath}`);
  });

  it('puts the server’s refusal under the field it names', async () => {
    server({
      PUT: json(400, {
        type: 'about:blank',
        title: 'Bad Request',
        status: 400,
        detail: 'This has hidden characters. Please type it again.',
        errors: [{ field: 'email', message: 'This has hidden characters. Please type it again.' }],
      }),
    });
    const { user } = renderApp('/ios-only');

    await user.click(await screen.findByRole('checkbox', { name: /Email me once/ }));
    await user.click(screen.getByRole('button', { name: 'Join the Android waitlist' }));

    const email = screen.getByRole('textbox', { name: 'Email address' });
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription(/This has hidden characters\. Please type it again\.$/);
    expect(screen.queryByRole('heading', { name: 'You’re on the list' })).not.toBeInTheDocument();
  });

  it('tells a failure on our side in plain words with the reference, never the status', async () => {
    server({ PUT: failed(500) });
    const { user } = renderApp('/ios-only');

    await user.click(await screen.findByRole('checkbox', { name: /Email me once/ }));
    await user.click(screen.getByRole('button', { name: 'Join the Android waitlist' }));

    expect(await screen.findByText(/We couldn’t add you to the waitlist just now\. Please try again in a minute\./, {}, { timeout: 4000 })).toHaveTextContent(
      'Reference: abcd1234',
    );
    expect(document.body).not.toHaveTextContent('500');
    expect(document.body).not.toHaveTextContent('status code');
    expect(screen.getByRole('button', { name: 'Join the Android waitlist' })).toBeInTheDocument();
  });

  it('says when the waitlist could not be read, and tries again', async () => {
    let fail = true;
    server({ GET: () => (fail ? failed(503) : json(200, joinedAs('ann@example.com'))) });
    const { user } = renderApp('/ios-only');

    expect(await screen.findByText(/We couldn’t check the waitlist just now\./, {}, { timeout: 4000 })).toHaveTextContent('Reference: abcd1234');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'You’re on the list' })).toBeInTheDocument();
  });
});
