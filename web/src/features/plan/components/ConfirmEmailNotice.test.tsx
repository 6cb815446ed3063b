import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PlansResponse } from '@/features/plan/api/types';
import { json, mockServer, stubLocation } from '@/test/api';
import { atThePlan, freezeToday, paymentConfig, plansResponse } from '@/test/plans';
import { renderApp } from '@/test/render-app';

// The plan preview of a member who must confirm their email address before paying: the notice in
// the pay button's place, and the button that sends the link again.

freezeToday();

function serve(plans: Partial<PlansResponse>, extra: Parameters<typeof mockServer>[0] = {}) {
  return mockServer(atThePlan({ 'GET /api/billing/plans': json(200, plansResponse(plans)), ...extra }));
}

describe('the plan preview of a member who must confirm their email', () => {
  it('asks them to confirm it, says why, and offers the link again instead of the pay button', async () => {
    serve({ emailVerificationRequired: true });
    renderApp('/account/plan-preview', paymentConfig);

    const notice = await screen.findByRole('region', { name: 'Confirm your email to pay' });
    expect(notice).toHaveTextContent('Open it, then come back here to pay.');
    expect(notice).toHaveTextContent('Your receipts go to that address');
    expect(screen.getByRole('button', { name: 'Send the link again' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue to payment' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose a different plan' })).toBeInTheDocument();
  });

  it('sends the link again and says so', async () => {
    const { requests } = serve({ emailVerificationRequired: true }, { 'POST /api/user/verification-email': new Response(null, { status: 204 }) });
    const { user } = renderApp('/account/plan-preview', paymentConfig);

    await user.click(await screen.findByRole('button', { name: 'Send the link again' }));

    // The line is a live region, so a screen reader announces it.
    expect(await screen.findByText('Sent. Check your inbox, and your spam folder too.')).toHaveAttribute('role', 'status');
    expect(requests()).toContain('POST /api/user/verification-email');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['too many links', 429, 'We’ve sent you a few links already. Please check your inbox and spam folder, or ask again in 40 minutes.', 'We’ve sent you a few links already.'],
    ['a failure', 500, 'database down', 'Something went wrong on our side. Please try again in a moment.'],
  ])('says in words when the link did not go out: %s', async (_, status, detail, shown) => {
    serve({ emailVerificationRequired: true }, { 'POST /api/user/verification-email': json(status, { title: 'x', status, detail }) });
    const { user } = renderApp('/account/plan-preview', paymentConfig);

    await user.click(await screen.findByRole('button', { name: 'Send the link again' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The link didn’t go out');
    expect(alert).toHaveTextContent(shown);
    expect(alert).not.toHaveTextContent(/database|500|429/);
  });

  it('offers the pay button once the email is confirmed and the member comes back', async () => {
    let confirmed = false;
    serve({}, { 'GET /api/billing/plans': () => json(200, plansResponse({ emailVerificationRequired: !confirmed })) });
    renderApp('/account/plan-preview', paymentConfig);
    await screen.findByRole('region', { name: 'Confirm your email to pay' });

    confirmed = true;
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });

    expect(await screen.findByRole('button', { name: 'Continue to payment' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Confirm your email to pay' })).not.toBeInTheDocument();
  });

  it('shows the notice when checkout asks for a confirmed email the plans did not know of', async () => {
    const { assign } = stubLocation();
    let refused = false;
    serve(
      {},
      {
        'GET /api/billing/plans': () => json(200, plansResponse({ emailVerificationRequired: refused })),
        'POST /api/billing/checkout': () => {
          refused = true;
          return json(403, { title: 'Forbidden', status: 403, detail: 'Please confirm your email address before paying. Use the link we emailed you, or ask for a new one.' });
        },
      },
    );
    const { user } = renderApp('/account/plan-preview', paymentConfig);

    await user.click(await screen.findByRole('button', { name: 'Continue to payment' }));

    expect(await screen.findByRole('region', { name: 'Confirm your email to pay' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Continue to payment' })).not.toBeInTheDocument());
    expect(assign).not.toHaveBeenCalled();
  });
});
