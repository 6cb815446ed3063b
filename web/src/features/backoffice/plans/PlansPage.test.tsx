import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json } from '@/test/api';
import { adminMe, installDialogStandIn, serveAs } from '@/test/admin';
import { renderApp } from '@/test/render-app';
import type { StaffPlan } from './api/get-plans';

beforeAll(installDialogStandIn);

const guided: StaffPlan = {
  planId: 'guided',
  name: 'Guided',
  price: { amount: 12900, currency: 'usd', interval: 'month' },
  includes: ['A weekly session', 'Chat on weekdays'],
  trialDays: 7,
  support: 'standard',
  stripePriceId: 'price_123',
  active: true,
};
const kickstart: StaffPlan = {
  planId: 'kickstart',
  name: 'Kickstart',
  price: { amount: 14950, currency: 'usd', interval: 'once' },
  includes: [],
  trialDays: 0,
  support: 'light',
  stripePriceId: '',
  active: false,
};

describe('the plans page', () => {
  it('shows each plan’s price, trial, support, Stripe price and whether it is offered', async () => {
    serveAs(adminMe, { 'GET /api/staff/plans': json(200, { plans: [guided, kickstart] }) });
    renderApp('/staff/plans');

    expect(await screen.findByRole('heading', { level: 1, name: 'Plans' })).toBeInTheDocument();
    const g = await screen.findByRole('article', { name: 'Guided' });
    expect(within(g).getByText('Offered')).toBeInTheDocument();
    expect(within(g).getByText('$129 per month')).toBeInTheDocument();
    expect(within(g).getByText('7 days')).toBeInTheDocument();
    expect(within(g).getByText('Standard')).toBeInTheDocument();
    expect(within(g).getByText('price_123')).toBeInTheDocument();
    expect(within(within(g).getByRole('list', { name: 'Includes' })).getAllByRole('listitem')).toHaveLength(2);
    expect(within(g).getByRole('button', { name: 'Withdraw Guided' })).toBeInTheDocument();

    const k = screen.getByRole('article', { name: 'Kickstart' });
    expect(within(k).getByText('Withdrawn')).toBeInTheDocument();
    expect(within(k).getByText('$149.50 one-off')).toBeInTheDocument();
    expect(within(k).getByText('None')).toBeInTheDocument();
    expect(within(k).getByText('None (test mode)')).toBeInTheDocument();
    expect(within(k).getByRole('button', { name: 'Offer again Kickstart' })).toBeInTheDocument();
    expect(screen.getByText(/members who hold it keep it/)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Plans · Wayfinder staff'));
  });

  it('asks before withdrawing a plan, and changes nothing when kept', async () => {
    const server = serveAs(adminMe, { 'GET /api/staff/plans': json(200, { plans: [guided] }) });
    const { user } = renderApp('/staff/plans');

    await user.click(await screen.findByRole('button', { name: 'Withdraw Guided' }));
    const dialog = screen.getByRole('dialog', { name: 'Withdraw Guided?' });
    expect(dialog).toHaveAccessibleDescription(/Members who hold it now keep it/);
    expect(within(dialog).getByRole('button', { name: 'Keep offering it' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Keep offering it' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.requests()).not.toContain('PATCH /api/staff/plans/guided');
  });

  it('withdraws a plan once confirmed, and offers it again without asking', async () => {
    const sent: unknown[] = [];
    serveAs(adminMe, {
      'GET /api/staff/plans': json(200, { plans: [guided] }),
      'PATCH /api/staff/plans/guided': async (request) => {
        const body = (await request.json()) as { active: boolean };
        sent.push(body);
        return json(200, { ...guided, active: body.active });
      },
    });
    const { user } = renderApp('/staff/plans');

    await user.click(await screen.findByRole('button', { name: 'Withdraw Guided' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Withdraw Guided' }));

    expect(await screen.findByText('Guided is withdrawn. Members who hold it keep it.')).toBeInTheDocument();
    const card = screen.getByRole('article', { name: 'Guided' });
    expect(within(card).getByText('Withdrawn')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Offer again Guided' }));

    expect(await screen.findByText('Guided is offered again.')).toBeInTheDocument();
    expect(within(card).getByText('Offered')).toBeInTheDocument();
    expect(sent).toEqual([{ active: false }, { active: true }]);
  });

  it('says when a change did not go through', async () => {
    serveAs(adminMe, {
      'GET /api/staff/plans': json(200, { plans: [kickstart] }),
      'PATCH /api/staff/plans/kickstart': json(409, { type: 'about:blank', title: 'Conflict', status: 409, detail: 'That plan has no Stripe price.' }),
    });
    const { user } = renderApp('/staff/plans');

    await user.click(await screen.findByRole('button', { name: 'Offer again Kickstart' }));

    expect(await screen.findByText('We couldn’t change Kickstart.')).toBeInTheDocument();
    expect(screen.getByText('That plan has no Stripe price.')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Kickstart' })).getByText('Withdrawn')).toBeInTheDocument();
  });

  it('says plans are not set up when the server has none (404)', async () => {
    serveAs(adminMe, { 'GET /api/staff/plans': json(404, { type: 'about:blank', title: 'Not Found', status: 404 }) });
    renderApp('/staff/plans');

    expect(await screen.findByRole('heading', { level: 2, name: 'Plans aren’t set up on this server' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('offers to try again when the plans did not load', async () => {
    let calls = 0;
    serveAs(adminMe, {
      'GET /api/staff/plans': () => (++calls === 1 ? json(400, {}) : json(200, { plans: [guided] })),
    });
    const { user } = renderApp('/staff/plans');

    expect(await screen.findByText('We couldn’t load the plans')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('article', { name: 'Guided' })).toBeInTheDocument();
  });
});
