import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { rememberSignedIn, mayBeSignedIn } from '@/lib/session';
import { json, member, mockServer, stubLocation } from '@/test/api';
import { renderApp } from '@/test/render-app';
import { defaultRuntimeConfig } from '@/config/runtime';

// Lets the page paint and its after-paint work (the quiet profile check) start and settle.
async function afterPaint() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
}

describe('home page', () => {
  it('offers a new visitor one clear start, and a quieter way to sign in', async () => {
    const { requests } = mockServer({});
    renderApp('/');

    expect(await screen.findByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login?returnTo=/name-and-birth');
    expect(screen.getByText('Already have an account?')).toBeInTheDocument();
    expect(screen.getByText('Fewer than 20% of adults with ADHD are diagnosed and treated.')).toBeInTheDocument();
    // A first-time visitor can't be signed in, so the page doesn't ask.
    await afterPaint();
    expect(requests()).toEqual([]);
  });

  it('offers a signed-in member to continue where they left off', async () => {
    rememberSignedIn();
    mockServer({ 'GET /api/user/me': json(200, member) });
    renderApp('/');

    expect(await screen.findByRole('link', { name: 'Continue where you left off' })).toHaveAttribute('href', '/name-and-birth');
    expect(screen.getByText('You’re signed in.')).toBeInTheDocument();
    // Without an account page of this site (an external identity provider), there is no link to it.
    expect(screen.queryByRole('link', { name: 'Your account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Get started' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('links a signed-in member to their account page when this site has one', async () => {
    rememberSignedIn();
    mockServer({ 'GET /api/user/me': json(200, member) });
    renderApp('/', { ...defaultRuntimeConfig, accountUrl: '/idp/account' });

    expect(await screen.findByRole('link', { name: 'Your account' })).toHaveAttribute('href', '/idp/account');
  });

  it('paints the way in first and asks for the profile only afterwards', async () => {
    rememberSignedIn();
    const { requests } = mockServer({ 'GET /api/user/me': json(200, member) });
    renderApp('/');

    // The first render already shows the page, before any request has gone out.
    expect(screen.getByRole('link', { name: 'Get started' })).toBeInTheDocument();
    expect(requests()).toEqual([]);

    await screen.findByRole('link', { name: 'Continue where you left off' });
    expect(requests()).toEqual(['GET /api/user/me']);
  });

  it('stays quiet when a remembered session has ended (401), and stops asking', async () => {
    rememberSignedIn();
    const { requests } = mockServer({ 'GET /api/user/me': json(401, { title: 'Unauthorized', status: 401 }) });
    renderApp('/');

    await waitFor(() => expect(requests()).toEqual(['GET /api/user/me']));
    await afterPaint();
    expect(screen.getByRole('link', { name: 'Get started' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(mayBeSignedIn()).toBe(false);
  });

  it('starts sign-up from "Get started"', async () => {
    const { replace } = stubLocation();
    mockServer({});
    const { user } = renderApp('/');

    await user.click(await screen.findByRole('link', { name: 'Get started' }));

    await waitFor(() => expect(replace).toHaveBeenCalledExactlyOnceWith('/auth/login?signup=1&returnTo=/name-and-birth'));
  });
});
