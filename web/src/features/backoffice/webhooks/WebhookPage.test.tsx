import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json } from '@/test/api';
import { adminMe, installDialogStandIn, serveAs } from '@/test/admin';
import { renderApp } from '@/test/render-app';
import type { WebhookEndpointRequest } from './api/create-webhook';
import type { WebhookDelivery } from './api/get-webhook-deliveries';
import type { WebhookEndpoint } from './api/get-webhooks';

beforeAll(installDialogStandIn);

const crm: WebhookEndpoint = {
  endpointId: 'w-1',
  url: 'https://crm.example.com/hooks',
  description: 'Our CRM',
  events: ['member.signed_up', 'member.coach_chosen'],
  active: true,
  createdAt: '2026-03-04T15:05:00Z',
  updatedAt: '2026-03-04T15:05:00Z',
};

const failed: WebhookDelivery = {
  deliveryId: 'd-1',
  eventId: 'e-failed',
  eventType: 'member.signed_up',
  status: 'failed',
  attempts: 2,
  lastStatusCode: 500,
  lastError: 'answered with status 500',
  createdAt: '2026-03-04T15:10:00Z',
  nextAttemptAt: null,
  finishedAt: '2026-03-07T15:10:00Z',
  log: [
    { at: '2026-03-07T15:10:00Z', statusCode: 500, durationMs: 85, error: 'answered with status 500' },
    { at: '2026-03-04T15:10:00Z', statusCode: null, durationMs: 10000, error: 'no answer within 10s' },
  ],
};

const delivered: WebhookDelivery = {
  ...failed,
  deliveryId: 'd-2',
  eventId: 'e-delivered',
  eventType: 'member.coach_chosen',
  status: 'delivered',
  attempts: 1,
  lastStatusCode: 204,
  lastError: '',
  log: [{ at: '2026-03-04T15:11:00Z', statusCode: 204, durationMs: 40, error: '' }],
};

const routes = (deliveries: WebhookDelivery[] = [failed, delivered]) => ({
  'GET /api/staff/webhooks': json(200, { endpoints: [crm] }),
  'GET /api/staff/webhooks/w-1/deliveries': json(200, { deliveries }),
});

describe('a webhook’s page', () => {
  it('shows its settings and its deliveries, each with how it went', async () => {
    serveAs(adminMe, routes());
    renderApp('/staff/webhooks/w-1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Our CRM' })).toBeInTheDocument();
    const settings = screen.getByRole('region', { name: /Settings/ });
    expect(within(settings).getByText('https://crm.example.com/hooks')).toBeInTheDocument();
    expect(within(settings).getByText('Signed up, Chose a coach')).toBeInTheDocument();
    expect(within(settings).getByText('On')).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Deliveries to Our CRM, newest first' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByRole('rowheader')).toHaveTextContent('Signed up');
    expect(within(first!).getByText('e-failed', { selector: 'code' })).toBeInTheDocument();
    expect(within(first!).getByText('Gave up')).toBeInTheDocument();
    expect(within(first!).getByText('2')).toBeInTheDocument();
    expect(within(first!).getByText('See each try')).toBeInTheDocument();
    // A status says what went wrong; words are added only where there was none.
    expect(within(first!).getByText('no answer within 10s')).toBeInTheDocument();
    expect(within(first!).queryByText('answered with status 500')).not.toBeInTheDocument();
    expect(within(first!).getByText('None')).toBeInTheDocument();
    expect(within(second!).getByText('Delivered')).toBeInTheDocument();
    expect(within(second!).getByText('204')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Our CRM · Wayfinder staff'));
  });

  it('sends a delivery again, the same event', async () => {
    const resent: string[] = [];
    serveAs(adminMe, {
      ...routes(),
      'POST /api/staff/webhooks/w-1/deliveries/d-1/resend': (request) => {
        resent.push(new URL(request.url).pathname);
        return json(200, { ...failed, status: 'pending', attempts: 0, nextAttemptAt: '2026-03-08T09:00:00Z', finishedAt: null });
      },
    });
    const { user } = renderApp('/staff/webhooks/w-1');

    await user.click(await screen.findByRole('button', { name: 'Send again e-failed' }));

    expect(await screen.findByText('It’s on its way again.')).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /e-failed/ });
    expect(within(row).getByText('Waiting')).toBeInTheDocument();
    expect(resent).toEqual(['/api/staff/webhooks/w-1/deliveries/d-1/resend']);
  });

  it('says when nothing has been sent yet', async () => {
    serveAs(adminMe, routes([]));
    renderApp('/staff/webhooks/w-1');

    expect(await screen.findByText(/Nothing has been sent yet\./)).toBeInTheDocument();
  });

  it('asks before pausing, changes nothing when kept on, and turns on again without asking', async () => {
    const sent: WebhookEndpointRequest[] = [];
    const server = serveAs(adminMe, {
      ...routes(),
      'PUT /api/staff/webhooks/w-1': async (request) => {
        const body = (await request.json()) as WebhookEndpointRequest;
        sent.push(body);
        return json(200, { ...crm, ...body });
      },
    });
    const { user } = renderApp('/staff/webhooks/w-1');

    await user.click(await screen.findByRole('button', { name: 'Pause' }));
    let dialog = screen.getByRole('dialog', { name: 'Pause Our CRM?' });
    expect(dialog).toHaveAccessibleDescription(/What’s already waiting stays/);
    expect(within(dialog).getByRole('button', { name: 'Keep it on' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Keep it on' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.requests()).not.toContain('PUT /api/staff/webhooks/w-1');

    await user.click(screen.getByRole('button', { name: 'Pause' }));
    dialog = screen.getByRole('dialog', { name: 'Pause Our CRM?' });
    await user.click(within(dialog).getByRole('button', { name: 'Pause it' }));
    expect(await screen.findByText('Our CRM is paused. Nothing new goes to it until you turn it on.')).toBeInTheDocument();
    expect(screen.getByText('Paused')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Our CRM is on again. Anything waiting for it goes out now.')).toBeInTheDocument();
    expect(sent.map((b) => b.active)).toEqual([false, true]);
    expect(sent[0]).toEqual({ url: crm.url, description: crm.description, events: crm.events, active: false });
  });

  it('edits the address and events', async () => {
    const sent: WebhookEndpointRequest[] = [];
    serveAs(adminMe, {
      ...routes(),
      'PUT /api/staff/webhooks/w-1': async (request) => {
        const body = (await request.json()) as WebhookEndpointRequest;
        sent.push(body);
        return json(200, { ...crm, ...body });
      },
    });
    const { user } = renderApp('/staff/webhooks/w-1');

    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const address = screen.getByRole('textbox', { name: 'Address' });
    expect(address).toHaveValue(crm.url);
    expect(screen.getByRole('checkbox', { name: 'Signed up' })).toBeChecked();
    await user.clear(address);
    await user.type(address, 'https://crm.example.com/v2');
    await user.click(screen.getByRole('checkbox', { name: 'Signed up' }));
    await user.click(screen.getByRole('checkbox', { name: 'Paid' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Changes saved.')).toBeInTheDocument();
    expect(screen.getByText('https://crm.example.com/v2')).toBeInTheDocument();
    expect(sent).toEqual([{ url: 'https://crm.example.com/v2', description: 'Our CRM', events: ['member.coach_chosen', 'member.paid'], active: true }]);
  });

  it('gives the webhook a new secret once asked, and shows it once', async () => {
    serveAs(adminMe, {
      ...routes(),
      'POST /api/staff/webhooks/w-1/secret': json(200, { endpoint: crm, secret: 'whsec_new' }),
    });
    const { user } = renderApp('/staff/webhooks/w-1');

    await user.click(await screen.findByRole('button', { name: 'New secret' }));
    const dialog = screen.getByRole('dialog', { name: 'Give Our CRM a new secret?' });
    expect(dialog).toHaveAccessibleDescription(/nothing is lost/);
    await user.click(within(dialog).getByRole('button', { name: 'Make a new secret' }));

    expect(await screen.findByRole('textbox', { name: 'Signing secret' })).toHaveValue('whsec_new');
    await user.click(screen.getByRole('button', { name: 'I’ve saved it' }));
    expect(screen.queryByRole('textbox', { name: 'Signing secret' })).not.toBeInTheDocument();
  });

  it('deletes the webhook once asked, and goes back to the list', async () => {
    const { requests } = serveAs(adminMe, {
      ...routes(),
      'DELETE /api/staff/webhooks/w-1': new Response(null, { status: 204 }),
    });
    const { user, pathname } = renderApp('/staff/webhooks/w-1');

    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete Our CRM?' })).getByRole('button', { name: 'Delete webhook' }));

    expect(await screen.findByText('Our CRM is deleted.')).toBeInTheDocument();
    await waitFor(() => expect(pathname()).toBe('/staff/webhooks'));
    expect(requests()).toContain('DELETE /api/staff/webhooks/w-1');
  });

  it('says so when the webhook is not there', async () => {
    serveAs(adminMe, routes());
    renderApp('/staff/webhooks/gone');

    expect(await screen.findByRole('heading', { level: 2, name: 'We couldn’t find that webhook' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All webhooks' })).toHaveAttribute('href', '/staff/webhooks');
  });
});
