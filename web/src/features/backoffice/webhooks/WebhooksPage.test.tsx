import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json } from '@/test/api';
import { adminMe, installDialogStandIn, serveAs } from '@/test/admin';
import { renderApp } from '@/test/render-app';
import type { WebhookEndpointRequest } from './api/create-webhook';
import type { WebhookEndpoint } from './api/get-webhooks';

beforeAll(installDialogStandIn);

const crm: WebhookEndpoint = {
  endpointId: 'w-1',
  url: 'https://crm.example.com/hooks?token=abc',
  description: 'Our CRM',
  events: ['member.signed_up', 'member.deleted'],
  active: true,
  createdAt: '2026-03-04T15:05:00Z',
  updatedAt: '2026-03-04T15:05:00Z',
};

const mailer: WebhookEndpoint = {
  ...crm,
  endpointId: 'w-2',
  url: 'https://mail.example.com/in',
  description: '',
  events: ['member.paid'],
  active: false,
};

const secret = 'whsec_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

describe('the webhooks page', () => {
  it('lists each webhook with where it sends which events, and whether it is on', async () => {
    serveAs(adminMe, { 'GET /api/staff/webhooks': json(200, { endpoints: [crm, mailer] }) });
    renderApp('/staff/webhooks');

    expect(await screen.findByRole('heading', { level: 1, name: 'Webhooks' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Your webhooks' });
    const first = within(list).getByRole('article', { name: 'Our CRM' });
    expect(within(first).getByText('On')).toBeInTheDocument();
    expect(within(first).getByText('https://crm.example.com/hooks?token=abc')).toBeInTheDocument();
    expect(within(first).getByText('Signed up, Closed their account')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Deliveries and settings Our CRM' })).toHaveAttribute('href', '/staff/webhooks/w-1');
    // A webhook without a description goes by its address.
    const second = within(list).getByRole('article', { name: 'https://mail.example.com/in' });
    expect(within(second).getByText('Paused')).toBeInTheDocument();
    expect(within(second).getByText('Paid')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Webhooks · Wayfinder staff'));
  });

  it('says that nothing is sent until a webhook is added', async () => {
    serveAs(adminMe, { 'GET /api/staff/webhooks': json(200, { endpoints: [] }) });
    renderApp('/staff/webhooks');

    expect(await screen.findByText('No webhooks yet. Nothing is sent anywhere until you add one.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Add a webhook' })).toBeInTheDocument();
  });

  it('adds a webhook and shows its secret once, to copy', async () => {
    const sent: WebhookEndpointRequest[] = [];
    serveAs(adminMe, {
      'GET /api/staff/webhooks': json(200, { endpoints: [] }),
      'POST /api/staff/webhooks': async (request) => {
        const body = (await request.json()) as WebhookEndpointRequest;
        sent.push(body);
        return json(201, { endpoint: { ...crm, ...body }, secret });
      },
    });
    const { user } = renderApp('/staff/webhooks');

    await user.type(await screen.findByRole('textbox', { name: 'Address' }), ' https://crm.example.com/hooks?token=abc ');
    await user.type(screen.getByRole('textbox', { name: 'Description (optional)' }), 'Our CRM');
    const events = screen.getByRole('group', { name: 'Events to send' });
    expect(within(events).getAllByRole('checkbox')).toHaveLength(5);
    await user.click(within(events).getByRole('checkbox', { name: 'Closed their account' }));
    await user.click(within(events).getByRole('checkbox', { name: 'Signed up' }));
    expect(within(events).getByRole('checkbox', { name: 'Chose a coach' })).toHaveAccessibleDescription('Also when staff switch a member’s coach.');
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));

    const heading = await screen.findByRole('heading', { level: 2, name: 'Copy the signing secret now' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(sent).toEqual([
      { url: 'https://crm.example.com/hooks?token=abc', description: 'Our CRM', events: ['member.signed_up', 'member.deleted'], active: true },
    ]);
    const field = screen.getByRole('textbox', { name: 'Signing secret' });
    expect(field).toHaveValue(secret);
    expect(field).toHaveAttribute('readonly');
    expect(field.tagName).toBe('TEXTAREA');
    await user.click(screen.getByRole('button', { name: 'Copy secret' }));
    expect(await screen.findByText('Copied.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(secret);
    expect(screen.getByText('Webhook added. Events from now on go to Our CRM.')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Your webhooks' })).getByRole('article', { name: 'Our CRM' })).toBeInTheDocument();
    // The form starts afresh for the next one.
    expect(screen.getByRole('textbox', { name: 'Address' })).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'I’ve saved it' }));
    expect(screen.queryByRole('textbox', { name: 'Signing secret' })).not.toBeInTheDocument();
    expect(screen.queryByText(secret)).not.toBeInTheDocument();
  });

  it('asks for an address and an event before sending anything', async () => {
    const { requests } = serveAs(adminMe, { 'GET /api/staff/webhooks': json(200, { endpoints: [] }) });
    const { user } = renderApp('/staff/webhooks');

    await user.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const address = screen.getByRole('textbox', { name: 'Address' });
    expect(address).toHaveFocus();
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(address).toHaveAccessibleDescription(/Please give the address events should go to\./);

    await user.type(address, 'https://crm.example.com');
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(screen.getByRole('checkbox', { name: 'Signed up' })).toHaveFocus();
    expect(screen.getByText('Please choose at least one event.')).toBeInTheDocument();
    expect(requests()).not.toContain('POST /api/staff/webhooks');
  });

  it('puts the server’s words beside the field it refused', async () => {
    serveAs(adminMe, {
      'GET /api/staff/webhooks': json(200, { endpoints: [] }),
      'POST /api/staff/webhooks': json(400, {
        type: 'about:blank',
        title: 'Bad Request',
        status: 400,
        detail: 'The webhook needs another look.',
        errors: [{ field: 'url', message: 'Please leave the user name and password out of the address.' }],
      }),
    });
    const { user } = renderApp('/staff/webhooks');

    await user.type(await screen.findByRole('textbox', { name: 'Address' }), 'https://me:pw@crm.example.com');
    await user.click(screen.getByRole('checkbox', { name: 'Paid' }));
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));

    const address = screen.getByRole('textbox', { name: 'Address' });
    await waitFor(() => expect(address).toHaveAccessibleDescription(/Please leave the user name and password out of the address\./));
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('textbox', { name: 'Signing secret' })).not.toBeInTheDocument();
  });

  it('offers to try again when the webhooks did not load', async () => {
    let calls = 0;
    serveAs(adminMe, {
      'GET /api/staff/webhooks': () => (++calls === 1 ? json(400, {}) : json(200, { endpoints: [crm] })),
    });
    const { user } = renderApp('/staff/webhooks');

    expect(await screen.findByText('We couldn’t load the webhooks')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Our CRM' })).toBeInTheDocument();
  });
});
