import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, member, mockServer } from '@/test/api';
import { renderApp } from '@/test/render-app';

describe('Not Found page', () => {
  it('shows 404, the heading, the sentence and a way home to the chat', async () => {
    renderApp('/no/such/page');

    expect(await screen.findByRole('heading', { level: 1, name: 'Not Found' })).toBeInTheDocument();
    expect(screen.getByText('404', { exact: true })).toBeInTheDocument();
    expect(screen.getByText('The resource requested could not be found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Back Home' })).toHaveAttribute('href', '/chat');
  });

  it('names the tab after the page and the brand from the runtime settings', async () => {
    renderApp('/no/such/page', { brandName: 'Compass', appStoreUrl: '', accountUrl: '', paymentEnabled: false, features: {} });

    await screen.findByRole('heading', { name: 'Not Found' });
    await waitFor(() => expect(document.title).toBe('Not Found · Compass'));
  });

  it('takes the member to the chat when they follow the link', async () => {
    // The chat is for signed-in members; this one is.
    mockServer({ 'GET /api/user/me': json(200, member) });
    const { user, pathname } = renderApp('/no/such/page');

    await user.click(await screen.findByRole('link', { name: 'Go Back Home' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Chat with your coach' })).toBeInTheDocument();
    expect(pathname()).toBe('/chat');
  });
});
