import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { rememberSignedIn } from '@/lib/session';
import { json, member, mockServer } from '@/test/api';
import { renderApp } from '@/test/render-app';

describe('Not Found page', () => {
  it('shows 404, the heading, the sentence and a way home', async () => {
    renderApp('/no/such/page');

    expect(await screen.findByRole('heading', { level: 1, name: 'Not Found' })).toBeInTheDocument();
    expect(screen.getByText('404', { exact: true })).toBeInTheDocument();
    expect(screen.getByText('The resource requested could not be found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
  });

  it('names the tab after the page and the brand from the runtime settings', async () => {
    renderApp('/no/such/page', { brandName: 'Compass', appStoreUrl: '', accountUrl: '', paymentEnabled: false, features: {} });

    await screen.findByRole('heading', { name: 'Not Found' });
    await waitFor(() => expect(document.title).toBe('Not Found · Compass'));
  });

  it('takes a signed-in member home, where they carry on', async () => {
    rememberSignedIn();
    mockServer({ 'GET /api/user/me': json(200, member) });
    const { user, pathname } = renderApp('/no/such/page');

    await user.click(await screen.findByRole('link', { name: 'Go back home' }));

    expect(await screen.findByRole('link', { name: 'Continue where you left off' })).toBeInTheDocument();
    expect(pathname()).toBe('/');
  });
});
