import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockServer } from '@/test/api';
import { renderApp } from '@/test/render-app';

describe('the sign-in problem page', () => {
  it.each([
    ['access_denied', 'You chose not to continue, and that’s fine', 'Nothing has changed.'],
    ['login_required', 'Please sign in again', 'we need you to sign in once more'],
    ['interaction_required', 'Please sign in again', 'we need you to sign in once more'],
    ['consent_required', 'Please sign in again', 'we need you to sign in once more'],
    ['state', 'That sign-in took a little too long', 'opened in another tab'],
    ['server_error', 'Something went wrong on our side', 'that’s on us, not you'],
    ['', 'Something went wrong on our side', 'that’s on us, not you'],
    ['toString', 'Something went wrong on our side', 'that’s on us, not you'],
  ])('explains reason=%j kindly, with a way to try again and a way home', async (reason, heading, body) => {
    const { requests } = mockServer({});
    renderApp(`/sign-in-problem?reason=${reason}`);

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByText(body, { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/auth/login?returnTo=/name-and-birth');
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    // It is open to everyone: no sign-in check stands in front of it.
    expect(requests()).toEqual([]);
  });

  it('covers a visit with no reason at all', async () => {
    renderApp('/sign-in-problem');

    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong on our side' })).toBeInTheDocument();
  });
});
