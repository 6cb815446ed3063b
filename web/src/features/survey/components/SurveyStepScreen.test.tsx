import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { json, member, mockServer, never } from '@/test/api';
import { renderApp } from '@/test/render-app';
import type { SavedAnswers, SurveySaveBody } from '@/features/survey/api/types';
import { setLandingForTest } from '@/features/survey/navigation';
import { surveySaveQueue } from '@/features/survey/save-queue-instance';
import { answeredBefore, resumeAtOf, testDefinition } from '@/features/survey/test-definition';

type Put = (request: Request) => Response | Promise<Response>;

const noContent = () => new Response(null, { status: 204 });

/**
 * server answers the survey's calls for a member who has started (name-and-birth is answered);
 * every PUT body is recorded in sent.
 */
function server(put: Put = noContent, answers: unknown[] = answeredBefore('how-you-identify')) {
  const sent: SurveySaveBody[] = [];
  const mock = mockServer({
    'GET /api/user/me': json(200, member),
    'GET /api/onboarding/definition': json(200, testDefinition),
    'GET /api/onboarding/survey': json(200, { answers, resumeAt: resumeAtOf(answers as SavedAnswers[]), score: null, highLikelihood: false }),
    'PUT /api/onboarding/survey': async (request) => {
      sent.push((await request.clone().json()) as SurveySaveBody);
      return put(request);
    },
  });
  return { sent, ...mock };
}

afterEach(() => surveySaveQueue.clear());

// The form steps' code loads on demand; load it once up front so each test times only itself.
beforeAll(async () => {
  await Promise.all([import('./steps/NameAndBirthStep'), import('./steps/LiveStateStep'), import('./steps/ScoreStep'), import('./steps/AccountStep')]);
});

describe('survey step', () => {
  it('asks a SelectOne question as a radio group, greeting the member by name', async () => {
    server();
    renderApp('/how-you-identify');

    const group = await screen.findByRole('group', { name: 'How do you identify, Test?' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Female' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/name-and-birth');
    await waitFor(() => expect(document.title).toBe('How do you identify, Test? · Wayfinder'));
  });

  it('won’t go on without an answer to a required question, and says why', async () => {
    const { sent } = server();
    const { user, pathname } = renderApp('/how-you-identify');

    await user.click(await screen.findByRole('button', { name: 'Next' }));

    const group = screen.getByRole('group', { name: 'How do you identify, Test?' });
    expect(group).toHaveAccessibleDescription('Please choose an answer to go on.');
    expect(sent).toEqual([]);
    expect(pathname()).toBe('/how-you-identify');
  });

  it('saves the answer, then goes to the next step', async () => {
    const { sent } = server();
    const { user, pathname } = renderApp('/how-you-identify');

    await user.click(await screen.findByRole('radio', { name: 'Female' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await waitFor(() => expect(pathname()).toBe('/live-state'));
    // The save starts once the next step is painted.
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent).toEqual([
      { fromSlug: 'how-you-identify', data: [{ questionSlug: 'how-you-identify', answers: [{ key: 'female', value: '' }] }], utm: {} },
    ]);
    // An ordinary save says nothing on the next step: "Saved" there would read as about that step.
    await waitFor(() => expect(document.querySelector('[data-status]')).toHaveAttribute('data-status', 'saved'));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('says "Saving…" only when a save is slow, and then closes it with "Saved"', async () => {
    let answer: () => void = () => undefined;
    server(() => new Promise<Response>((resolve) => (answer = () => resolve(noContent()))));
    const { user, pathname } = renderApp('/how-you-identify');

    await user.click(await screen.findByRole('radio', { name: 'Female' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pathname()).toBe('/live-state'));
    await waitFor(() => expect(document.querySelector('[data-status]')).toHaveAttribute('data-status', 'saving'));
    expect(screen.queryByText('Saving…')).not.toBeInTheDocument();

    expect(await screen.findByText('Saving…', {}, { timeout: 3000 })).toHaveAttribute('role', 'status');
    answer();
    expect(await screen.findByText('Saved')).toHaveAttribute('role', 'status');
  });

  it('follows an option’s branch', async () => {
    server();
    const { user, pathname } = renderApp('/have-you-experienced-adhd');

    await user.click(await screen.findByRole('radio', { name: 'Yes' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await waitFor(() => expect(pathname()).toBe('/how-would-you-like-agave'));
  });

  it('counts challenges and politely refuses a fourth', async () => {
    const { sent } = server();
    const { user } = renderApp('/your-challenge-is');

    await screen.findByRole('group', { name: 'What’s hardest for you right now?' });
    expect(screen.getByText('0 of 3 chosen')).toBeInTheDocument();
    for (const name of ['Staying focused', 'Getting started on tasks', 'Managing my time']) {
      await user.click(screen.getByRole('checkbox', { name }));
    }
    expect(screen.getByText('3 of 3 chosen')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Remembering things' }));

    expect(screen.getByRole('checkbox', { name: 'Remembering things' })).not.toBeChecked();
    expect(screen.getByText('You can choose up to 3. To pick a different one, untick one first.')).toBeInTheDocument();
    expect(screen.getByText('3 of 3 chosen')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.data[0]?.answers.map((a) => a.key)).toEqual(['staying-focused', 'procrastination', 'time-management']);
  });

  it('asks for the free text of “Something else” and sends it as the value', async () => {
    const { sent } = server(noContent, answeredBefore('whats-your-motivation'));
    const { user } = renderApp('/whats-your-motivation');

    await user.click(await screen.findByRole('checkbox', { name: 'Something else' }));
    await user.type(screen.getByRole('textbox', { name: 'Tell us in a few words (optional)' }), 'My kids');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.data[0]?.answers).toEqual([{ key: 'other', value: 'My kids' }]);
  });

  it('unticks the other answers when “None of these” is chosen, and the other way round, saying so', async () => {
    const { sent } = server();
    const { user } = renderApp('/what-apply-to-you');

    await user.click(await screen.findByRole('checkbox', { name: 'Anxiety' }));
    await user.click(screen.getByRole('checkbox', { name: 'None of these' }));

    expect(screen.getByRole('checkbox', { name: 'Anxiety' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'None of these' })).toBeChecked();
    expect(screen.getByText('We unticked your other answers, since you chose “None of these”.')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Anxiety' }));

    expect(screen.getByRole('checkbox', { name: 'None of these' })).not.toBeChecked();
    expect(screen.getByText('We unticked “None of these”, since you chose an answer.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.data[0]?.answers).toEqual([{ key: 'anxiety', value: '' }]);
  });

  it('takes a member who types a later step’s address to the first step they still need to answer', async () => {
    server(noContent, []);
    const { pathname } = renderApp('/whats-your-motivation');

    await waitFor(() => expect(pathname()).toBe('/name-and-birth'));
    expect(await screen.findByRole('heading', { level: 1, name: 'About you' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('keeps a member with a safety hold on the crisis page, whatever step they open', async () => {
    mockServer({
      'GET /api/user/me': json(200, member),
      'GET /api/onboarding/definition': json(200, testDefinition),
      'GET /api/onboarding/survey': json(200, {
        answers: answeredBefore(),
        resumeAt: 'we-are-sorry-no-go',
        score: null,
        highLikelihood: false,
        safetyHold: true,
        coachId: null,
      }),
    });
    const { pathname } = renderApp('/how-you-identify');

    await waitFor(() => expect(pathname()).toBe('/we-are-sorry-no-go'));
    expect(await screen.findByRole('link', { name: /Call 988/ })).toBeInTheDocument();
  });

  it('stays on the crisis page when the member goes back after the self-harm answer', async () => {
    server(() => never());
    const { user, pathname, navigate } = renderApp('/what-apply-to-you');

    await user.click(await screen.findByRole('checkbox', { name: 'Thoughts of hurting myself in the past 6 months' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pathname()).toBe('/we-are-sorry-no-go'));

    // Back, as the browser's back button would, and to the step before it.
    await navigate('/what-apply-to-you');
    await waitFor(() => expect(pathname()).toBe('/we-are-sorry-no-go'));
    await navigate('/your-challenge-is');
    await waitFor(() => expect(pathname()).toBe('/we-are-sorry-no-go'));
  });

  it('goes to the crisis page at once after the self-harm answer, even when saving hangs', async () => {
    server(() => never());
    const { user, pathname } = renderApp('/what-apply-to-you');

    await user.click(await screen.findByRole('checkbox', { name: 'Thoughts of hurting myself in the past 6 months' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('heading', { level: 1, name: /help is available right now/ })).toBeInTheDocument();
    expect(pathname()).toBe('/we-are-sorry-no-go');
  });

  it('keeps the page’s elements from step to step, and a step’s problem stays with that visit', async () => {
    server();
    const { user, pathname } = renderApp('/your-challenge-is');
    const next = await screen.findByRole('button', { name: 'Next' });
    await user.click(next);
    expect(screen.getByRole('group', { name: 'What’s hardest for you right now?' })).toHaveAccessibleDescription(
      /Please choose at least one answer/,
    );

    await user.click(screen.getByRole('checkbox', { name: 'Managing my time' }));
    await user.click(next);

    const following = await screen.findByRole('group', { name: 'Do any of these apply to you?' });
    expect(pathname()).toBe('/what-apply-to-you');
    expect(following).not.toHaveAccessibleDescription();
    // The same button: React changed the page rather than building it again, which paints sooner.
    expect(screen.getByRole('button', { name: 'Next' })).toBe(next);

    await user.click(screen.getByRole('link', { name: 'Go back' }));
    const again = await screen.findByRole('group', { name: 'What’s hardest for you right now?' });
    expect(again).not.toHaveAccessibleDescription(/Please choose/);
    expect(screen.getByRole('checkbox', { name: 'Managing my time' })).toBeChecked();
  });

  it('shows a Rate question as a frequency scale with its source', async () => {
    server();
    renderApp('/trouble-order');

    await screen.findByRole('group', { name: /difficulty getting things in order/ });
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual([
      'never',
      'rarely',
      'sometimes',
      'often',
      'very-often',
    ]);
    expect(screen.getByRole('radio', { name: 'Very often' })).toBeInTheDocument();
    expect(screen.getByText(/ASRS v1.1/)).toBeInTheDocument();
  });

  it('shows a Progress step with its own button label and no way back from the start', async () => {
    const { sent } = server();
    const { user, pathname } = renderApp('/progress-basic');

    expect(await screen.findByRole('heading', { level: 1, name: 'Let’s get to know you' })).toBeInTheDocument();
    expect(screen.getByText('About 5 minutes.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Go back' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Let’s start' }));

    await waitFor(() => expect(pathname()).toBe('/coach-welcome'));
    await waitFor(() => expect(sent).toEqual([{ fromSlug: 'progress-basic', data: [], utm: {} }]));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Wayfinder' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/progress-basic');
  });

  it('shows the brand from the runtime settings', async () => {
    server();
    renderApp('/ios-only', { brandName: 'Compass', appStoreUrl: '', accountUrl: '', paymentEnabled: false, features: {} });

    expect(await screen.findByText('Coaching with Compass happens in our iPhone app.')).toBeInTheDocument();
    // ios-only is an end: there is nowhere to go next.
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  });

  it('keeps a save that failed, goes on, and sends it again when the browser is back online', async () => {
    let online = false;
    const { sent } = server(() => (online ? noContent() : json(503, { title: 'Unavailable' })));
    const { user, pathname } = renderApp('/how-you-identify');

    await user.click(await screen.findByRole('radio', { name: 'Male' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('Not saved yet – retrying', {}, { timeout: 4000 })).toHaveAttribute('role', 'status');
    await waitFor(() => expect(pathname()).toBe('/live-state'));
    const tries = sent.length;
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);

    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });

    expect(await screen.findByText('Saved')).toHaveAttribute('role', 'status');
    expect(sent.length).toBe(tries + 1);
    expect(sent.at(-1)?.data[0]?.answers).toEqual([{ key: 'male', value: '' }]);
    const leavingNow = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leavingNow);
    expect(leavingNow.defaultPrevented).toBe(false);
    // Answers are health information: never in browser storage.
    expect(JSON.stringify({ ...localStorage })).not.toContain('male');
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('male');
  }, 10_000);

  it('shows the answer the member gave before', async () => {
    server(noContent, [
      ...answeredBefore('how-you-identify'),
      { questionSlug: 'how-you-identify', answers: [{ key: 'male', value: '' }], updatedAt: '2026-01-01T00:00:00Z' },
    ]);
    renderApp('/how-you-identify');

    await waitFor(() => expect(screen.getByRole('radio', { name: 'Male' })).toBeChecked());
  });

  it('goes on at once and, if the server refuses the answer, links back to it', async () => {
    server(() => json(400, { title: 'Some answers need another look.', errors: [{ field: 'data[0].answers', message: 'Please choose one answer.' }] }));
    const { user, pathname } = renderApp('/how-you-identify');

    await user.click(await screen.findByRole('radio', { name: 'Female' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await waitFor(() => expect(pathname()).toBe('/live-state'));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('One answer wasn’t saved.'));
    await user.click(screen.getByRole('link', { name: 'Check that answer' }));

    await waitFor(() => expect(pathname()).toBe('/how-you-identify'));
    // The answer is still there to correct, not lost.
    expect(await screen.findByRole('radio', { name: 'Female' })).toBeChecked();
  });

  it('shows the progress header with the current step marked, and the steps before it done', async () => {
    server(noContent, answeredBefore());
    renderApp('/trouble-order');

    const progress = await screen.findByRole('navigation', { name: 'Your progress' });
    const steps = within(progress).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual(['Getting to know you (done)', '2Personalizing your care', '3Matching you with a coach']);
    expect(steps[1]).toHaveAttribute('aria-current', 'step');
  });

  it('shows the step’s illustration as decoration', async () => {
    server();
    renderApp('/progress-basic');

    await screen.findByRole('heading', { level: 1, name: 'Let’s get to know you' });
    const img = document.querySelector('img');
    expect(img).toHaveAttribute('alt', '');
    expect(img?.getAttribute('src')).toMatch(/progress-basic.*\.svg/);
  });
});

describe('name-and-birth', () => {
  afterEach(() => setLandingForTest(null));

  async function fill(user: ReturnType<typeof renderApp>['user'], device: 'iPhone' | 'Android' = 'iPhone') {
    await user.clear(await screen.findByRole('textbox', { name: 'First name' }));
    await user.type(screen.getByRole('textbox', { name: 'First name' }), ' Sam ');
    await user.clear(screen.getByRole('textbox', { name: 'Last name' }));
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Rivera');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Month' }), 'April');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Day' }), '30');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Year' }), '1990');
    await user.click(screen.getByRole('radio', { name: device }));
    await user.click(screen.getByRole('checkbox', { name: /I agree to the terms and conditions/ }));
  }

  it('saves the answers, waits for them, then goes to how-you-identify on an iPhone', async () => {
    const { sent } = server(noContent, []);
    const { user, pathname } = renderApp('/name-and-birth');

    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await waitFor(() => expect(pathname()).toBe('/how-you-identify'));
    expect(sent).toEqual([
      {
        fromSlug: 'name-and-birth',
        data: [
          {
            questionSlug: 'name-and-birth',
            answers: [
              { key: 'firstName', value: 'Sam' },
              { key: 'lastName', value: 'Rivera' },
              { key: 'dateOfBirth', value: '1990-04-30T00:00:00.000Z' },
              { key: 'termsOfService', value: 'true' },
              { key: 'device', value: 'iphone' },
            ],
          },
        ],
        utm: {},
      },
    ]);
    // The greeting uses the name just given.
    expect(await screen.findByRole('group', { name: 'How do you identify, Sam?' })).toBeInTheDocument();
  });

  it('sends an Android member to ios-only, with a way to change the answer', async () => {
    server(noContent, []);
    const { user, pathname } = renderApp('/name-and-birth');

    await fill(user, 'Android');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await waitFor(() => expect(pathname()).toBe('/ios-only'));
    expect(await screen.findByRole('link', { name: 'Change my answer' })).toHaveAttribute('href', '/name-and-birth');
  });

  it('starts at 18 years ago and stops someone under 18 kindly, sending nothing', async () => {
    const { sent } = server(noContent, []);
    const { user, pathname } = renderApp('/name-and-birth');
    const today = new Date();

    expect(await screen.findByRole('combobox', { name: 'Year' })).toHaveValue(String(today.getUTCFullYear() - 18));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Year' }), String(today.getUTCFullYear() - 18));
    // One year younger than the youngest year offered is not in the list, so go one day past 18.
    const tomorrow = new Date(today.getTime() + 24 * 3600 * 1000);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Month' }), String(tomorrow.getUTCMonth() + 1));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Day' }), String(tomorrow.getUTCDate()));
    if (tomorrow.getUTCFullYear() !== today.getUTCFullYear()) {
      await user.selectOptions(screen.getByRole('combobox', { name: 'Year' }), String(tomorrow.getUTCFullYear() - 18));
    }
    await user.click(screen.getByRole('radio', { name: 'iPhone' }));
    await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    const stop = await screen.findByRole('heading', { level: 2, name: 'Thank you for telling us' });
    await waitFor(() => expect(stop).toHaveFocus());
    expect(screen.getByRole('link', { name: 'Call 988' })).toHaveAttribute('href', 'tel:988');
    expect(sent).toEqual([]);
    expect(pathname()).toBe('/name-and-birth');
  });

  it.each([
    ['April', '31', '1990', 'April has only 30 days. Please check the day.'],
    ['February', '29', '1990', '1990 wasn’t a leap year, so February had 28 days. Please check the date.'],
  ])('refuses %s %s, %s', async (month, day, year, message) => {
    const { sent } = server(noContent, []);
    const { user } = renderApp('/name-and-birth');

    await fill(user);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Month' }), month);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Day' }), day);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Year' }), year);
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Date of birth' })).toHaveAccessibleDescription(message);
    expect(screen.getByRole('combobox', { name: 'Month' })).toHaveFocus();
    expect(sent).toEqual([]);
  });

  it('names every missing answer and focuses the first', async () => {
    server(noContent, []);
    const { user } = renderApp('/name-and-birth');

    await user.clear(await screen.findByRole('textbox', { name: 'First name' }));
    await user.clear(screen.getByRole('textbox', { name: 'Last name' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveAccessibleDescription('Please add your first name.');
    expect(screen.getByText('Please add your last name.')).toBeInTheDocument();
    expect(screen.getByText('Please choose iPhone or Android.')).toBeInTheDocument();
    expect(screen.getByText('Please tick the box to agree to the terms.')).toBeInTheDocument();
  });

  it('links the terms and the privacy policy in a new tab', async () => {
    server(noContent, []);
    renderApp('/name-and-birth');

    const terms = await screen.findByRole('link', { name: /terms and conditions/ });
    expect(terms).toHaveAttribute('href', '/terms');
    expect(terms).toHaveTextContent('terms and conditions (opens in a new tab)');
    const privacy = screen.getByRole('link', { name: /privacy policy/ });
    expect(privacy).toHaveAttribute('href', '/privacy');
    expect(privacy).toHaveAttribute('target', '_blank');
  });

  it('takes a returning member who arrives here on to where they stopped', async () => {
    server(noContent, [
      { questionSlug: 'name-and-birth', answers: [{ key: 'device', value: 'iphone' }], updatedAt: '2026-01-01T00:00:00Z' },
    ]);
    setLandingForTest('/name-and-birth');
    const { pathname } = renderApp('/name-and-birth');

    await waitFor(() => expect(pathname()).toBe('/how-you-identify'));
  });

  it('keeps a member who comes back to name-and-birth within the survey there', async () => {
    server(noContent, [
      { questionSlug: 'name-and-birth', answers: [{ key: 'firstName', value: 'Sam' }], updatedAt: '2026-01-01T00:00:00Z' },
    ]);
    setLandingForTest(null);
    const { pathname } = renderApp('/name-and-birth');

    expect(await screen.findByRole('textbox', { name: 'First name' })).toHaveValue('Sam');
    expect(pathname()).toBe('/name-and-birth');
  });
});
