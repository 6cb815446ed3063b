import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockServer } from '@/test/api';
import { atThePlan, freezeToday, paymentConfig, plansResponse, sentence } from '@/test/plans';
import { renderApp } from '@/test/render-app';
import { finishedSurvey } from '@/test/survey';

const config = paymentConfig;

/** serve answers for a member who finished the survey and chose Maya, with payment on. */
function serve(extra: Parameters<typeof mockServer>[0] = {}) {
  return mockServer(
    atThePlan({
      'GET /api/billing/plans': json(200, plansResponse()),
      ...extra,
    }),
  );
}

freezeToday();

describe('the plan recommendation', () => {
  it('shows the definition’s words, the progress at step 4, and the recommended plan with the reason', async () => {
    serve();
    renderApp('/account/plan-recommendation', config);

    expect(await screen.findByRole('heading', { level: 1, name: 'Your plan is ready' })).toBeInTheDocument();
    expect(screen.getByText('Based on your answers, here’s what we recommend.')).toBeInTheDocument();
    const progress = within(screen.getByRole('navigation', { name: 'Your progress' })).getAllByRole('listitem');
    expect(progress).toHaveLength(3);
    for (const step of progress) {
      expect(step).toHaveTextContent(/\(done\)$/);
      expect(step).not.toHaveAttribute('aria-current');
    }

    const card = await screen.findByRole('article', { name: 'Guided' });
    expect(within(card).getByText('Recommended for you')).toBeInTheDocument();
    expect(within(card).getByText('$129 / month')).toBeInTheDocument();
    expect(within(card).getByText('7-day free trial')).toBeInTheDocument();
    const includes = within(card).getByRole('list', { name: 'What’s included' });
    expect(within(includes).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'A weekly 30-minute video session',
      'Chat with your coach on weekdays',
    ]);
    expect(within(card).getByText(/someone in your corner week to week/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Your plan is ready · Wayfinder'));
  });

  it('goes on to the preview of the recommended plan, keeping the choice out of the address', async () => {
    serve();
    const { user, pathname } = renderApp('/account/plan-recommendation', config);

    await user.click(await screen.findByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(pathname()).toBe('/account/plan-preview'));
    expect(sessionStorage.getItem('wayfinder.plan')).toBe('guided');
    expect(await screen.findByRole('article', { name: 'Guided' })).toBeInTheDocument();
  });

  it('keeps the other plans under “See other plans”, each to choose instead', async () => {
    serve();
    const { user, pathname } = renderApp('/account/plan-recommendation', config);

    const others = (await screen.findByText('See other plans')).closest('details')!;
    expect(others).not.toHaveAttribute('open');
    await user.click(screen.getByText('See other plans'));
    expect(others).toHaveAttribute('open');
    const starter = within(others).getByRole('article', { name: 'Starter' });
    expect(within(starter).getByText('$149 one-time')).toBeInTheDocument();
    expect(within(starter).queryByText('Recommended for you')).not.toBeInTheDocument();
    expect(within(others).getByRole('article', { name: 'Intensive' })).toBeInTheDocument();

    await user.click(within(starter).getByRole('button', { name: 'Choose Starter' }));

    await waitFor(() => expect(pathname()).toBe('/account/plan-preview'));
    expect(sessionStorage.getItem('wayfinder.plan')).toBe('starter');
    expect(await screen.findByRole('article', { name: 'Starter' })).toBeInTheDocument();
    expect(screen.getByText(sentence('Today: $149.00, once. Nothing after that.'))).toBeInTheDocument();
  });

  it('says kindly when this site offers no plans, with the way to the app', async () => {
    serve({ 'GET /api/billing/plans': json(404, { title: 'Not Found', status: 404 }) });
    renderApp('/account/plan-recommendation', config);

    expect(await screen.findByRole('heading', { level: 1, name: 'Plans aren’t offered here' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get the app' })).toHaveAttribute('href', '/account/download-app');
  });

  it('gives the server’s reason in words when the journey is not there yet', async () => {
    serve({
      'GET /api/billing/plans': json(409, { title: 'Conflict', status: 409, detail: 'Please choose a coach first.' }),
    });
    renderApp('/account/plan-recommendation', config);

    expect(await screen.findByRole('heading', { level: 1, name: 'Your plan isn’t ready yet' })).toBeInTheDocument();
    expect(screen.getByText('Please choose a coach first.')).toBeInTheDocument();
    expect(screen.queryByText(/409|Conflict/)).not.toBeInTheDocument();
  });

  it('takes a member who has paid to the done step instead', async () => {
    serve({ ...finishedSurvey({ coachId: 'maya', resumeAt: 'thank-you-page', paid: true }, { real: true }) });
    const { pathname } = renderApp('/account/plan-recommendation', config);

    await waitFor(() => expect(pathname()).toBe('/account/download-app'));
  });
});
