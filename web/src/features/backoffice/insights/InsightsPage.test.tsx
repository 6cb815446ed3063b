import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '@/test/api';
import { adminMe, serveAs, staffMe } from '@/test/admin';
import { renderApp } from '@/test/render-app';
import type { Campaigns } from './api/get-campaigns';
import type { Funnel, FunnelStep } from './api/get-funnel';
import { defaultRange } from './report-filters';

const hidden = { fewerThan: 5 };

function step(slug: string, extra: Partial<FunnelStep> = {}): FunnelStep {
  return { slug, branch: false, reached: { value: 0 }, reachedShare: 0, dropOff: { value: 0 }, dropOffShare: 0, medianSeconds: null, ...extra };
}

const funnel: Funnel = {
  from: '2026-03-01',
  to: '2026-03-30',
  members: { value: 138 },
  steps: [
    step('name-and-birth', { reached: { value: 138 }, reachedShare: 100, dropOff: null, dropOffShare: null, medianSeconds: 45 }),
    step('ios-only', { branch: true, reached: hidden, reachedShare: null, dropOff: null, dropOffShare: null }),
    step('how-you-identify', { reached: { value: 137 }, reachedShare: 99.3, dropOff: hidden, dropOffShare: null, medianSeconds: 200 }),
    step('live-state', { reached: { value: 114 }, reachedShare: 82.6, dropOff: { value: 23 }, dropOffShare: 16.8, medianSeconds: 7500 }),
    step('meet-your-coach', { reached: { value: 100 }, reachedShare: 72.5, dropOff: { value: 14 }, dropOffShare: 12.3, medianSeconds: 90_000 }),
  ],
  coachChosen: { value: 34 },
  coachChosenShare: 24.6,
  paid: hidden,
  paidShare: null,
  minCellSize: 5,
};

const campaigns: Campaigns = {
  from: '2026-03-01',
  to: '2026-03-30',
  campaigns: [
    { utmSource: '', utmCampaign: '', coupon: '', members: { value: 94 }, coachChosen: { value: 27 }, paid: { value: 7 }, conversion: 7.4 },
    { utmSource: 'google', utmCampaign: 'focus-brand', coupon: '', members: { value: 8 }, coachChosen: hidden, paid: { value: 0 }, conversion: 0 },
    { utmSource: 'google', utmCampaign: 'adhd-search', coupon: 'WELCOME10', members: hidden, coachChosen: { value: 0 }, paid: { value: 0 }, conversion: null },
    { utmSource: 'podcast', utmCampaign: 'host-read', coupon: '', members: { value: 10 }, coachChosen: hidden, paid: hidden, conversion: null },
  ],
  origins: [
    { origin: 'direct', members: { value: 39 }, coachChosen: { value: 8 }, paid: hidden, conversion: null },
    { origin: 'www.google.com', members: { value: 37 }, coachChosen: { value: 13 }, paid: { value: 5 }, conversion: 13.5 },
    { origin: '', members: hidden, coachChosen: { value: 0 }, paid: { value: 0 }, conversion: null },
  ],
  minCellSize: 5,
};

/** reports answers the two reports and records the query of each request, in order. */
function reports(answers: { funnel?: (query: URLSearchParams) => Response; campaigns?: Response } = {}) {
  const asked: string[] = [];
  const server = serveAs(staffMe, {
    'GET /api/staff/insights/funnel': (request) => {
      const query = new URL(request.url).searchParams;
      asked.push(`funnel?${query.toString()}`);
      return answers.funnel ? answers.funnel(query) : json(200, funnel);
    },
    'GET /api/staff/insights/campaigns': (request) => {
      asked.push(`campaigns?${new URL(request.url).searchParams.toString()}`);
      return answers.campaigns?.clone() ?? json(200, campaigns);
    },
  });
  return { asked, ...server };
}

const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('the Insights page', () => {
  it('shows the totals, a chart and a table of every step, with hidden counts in words', async () => {
    reports();
    renderApp('/staff/insights?from=2026-03-01&to=2026-03-30');

    expect(await screen.findByRole('heading', { level: 1, name: 'Insights' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Staff' })).getByRole('link', { name: 'Insights' })).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(document.title).toBe('Insights · Wayfinder staff'));
    expect(await screen.findByText('Members who signed up from Mar 1, 2026 to Mar 30, 2026.')).toHaveAttribute('role', 'status');

    // The totals: a hidden count is words, and its share a dash read as "not shown".
    const totals = screen.getByRole('region', { name: 'At a glance' });
    const stat = (name: string) => within(totals).getByText(name).parentElement!.textContent;
    expect(stat('Signed up')).toBe('Signed up138');
    expect(stat('Chose a coach')).toBe('Chose a coach3424.6% of sign-ups');
    expect(stat('Paid')).toBe('Paidfewer than 5—not shown');

    // The chart: an image with a summary; hidden counts are stubs of one size, not lengths.
    const chart = screen.getByRole('img', { name: 'Members who reached each step of the survey' });
    expect(chart).toHaveAccessibleDescription(
      '138 reached the first step, Name and birth. 100 reached the last, Meet your coach. The biggest drop-off was before Live state: 23 members. Counts under 5 are drawn as short hatched bars.',
    );
    const stubs = chart.querySelectorAll('rect[fill^="url(#"]');
    expect(stubs).toHaveLength(1);
    for (const stub of stubs) expect(stub).toHaveAttribute('width', '14');
    expect(chart).toHaveTextContent('fewer than 5');

    // The table has the same numbers, and more.
    const table = screen.getByRole('table', { name: 'Members at each step of the survey, in order' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Step',
      'Reached',
      '% of sign-ups',
      'Drop-off',
      'Drop-off %',
      'Median time',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Name and birth',
      'iPhone only branch',
      'How you identify',
      'Live state',
      'Meet your coach',
    ]);
    expect(cells(rows[0]!)).toEqual(['138', '100%', '—does not apply', '—does not apply', '45 s']);
    expect(cells(rows[1]!)).toEqual(['fewer than 5', '—not shown', '—does not apply', '—does not apply', '—not shown']);
    expect(cells(rows[2]!)).toEqual(['137', '99.3%', 'fewer than 5', '—not shown', '3 min 20 s']);
    expect(cells(rows[3]!)).toEqual(['114', '82.6%', '23', '16.8%', '2 h 5 min']);
    expect(cells(rows[4]!)).toEqual(['100', '72.5%', '14', '12.3%', '1 d 1 h']);
    // The table scrolls in a region of its own that keyboard users can reach.
    expect(screen.getByRole('region', { name: 'Members at each step of the survey, in order' })).toHaveAttribute('tabindex', '0');

    expect(screen.getByText(/Counts under 5 are hidden to protect members’ privacy\./)).toBeInTheDocument();
    expect(screen.getByText(/A member counts at each step they moved on from, and at the step they are on now\./)).toBeInTheDocument();
  });

  it('lists the campaigns and the sites members came from', async () => {
    reports();
    renderApp('/staff/insights');

    const table = await screen.findByRole('table', { name: 'Sign-ups by campaign, most first' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Source',
      'Campaign',
      'Coupon',
      'Signed up',
      'Chose a coach',
      'Paid',
      'Conversion',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(cells(rows[0]!)).toEqual(['No campaign', '—none', '—none', '94', '27', '7', '7.4%']);
    expect(cells(rows[2]!)).toEqual(['google', 'adhd-search', 'WELCOME10', 'fewer than 5', '0', '0', '—not shown']);

    const origins = screen.getByRole('table', { name: 'Sign-ups by the site they came from, most first' });
    expect(
      within(origins)
        .getAllByRole('row')
        .slice(1)
        .map((row) => cells(row)),
    ).toEqual([
      ['Direct, no other site', '39', '8', 'fewer than 5', '—not shown'],
      ['www.google.com', '37', '13', '5', '13.5%'],
      ['Not recorded', 'fewer than 5', '0', '0', '—not shown'],
    ]);
    expect(screen.getByRole('heading', { level: 3, name: 'Where members came from' })).toBeInTheDocument();
  });

  it('asks for the last 30 days at first, then for the filters chosen when Show is pressed', async () => {
    const { asked } = reports();
    const { user } = renderApp('/staff/insights');
    const { from, to } = defaultRange();

    const form = await screen.findByRole('search', { name: 'Filters' });
    await waitFor(() => expect(asked).toEqual([`funnel?from=${from}&to=${to}`, `campaigns?from=${from}&to=${to}`]));
    expect(within(form).getByLabelText('From')).toHaveValue(from);
    expect(within(form).getByLabelText('To')).toHaveValue(to);

    // The sources and campaigns come from the campaigns report; a campaign follows its source.
    const source = within(form).getByRole('combobox', { name: 'Campaign source' });
    await waitFor(() => expect(within(source).getAllByRole('option').map((o) => o.textContent)).toEqual(['Any', 'google', 'podcast']));
    await user.selectOptions(source, 'google');
    const campaign = within(form).getByRole('combobox', { name: 'Campaign' });
    expect(within(campaign).getAllByRole('option').map((o) => o.textContent)).toEqual(['Any', 'adhd-search', 'focus-brand']);
    await user.selectOptions(campaign, 'focus-brand');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Phone' }), 'iPhone');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Payment at sign-up' }), 'Offered');
    // A date typed in is not asked for until Show is pressed.
    fireEvent.change(within(form).getByLabelText('From'), { target: { value: '2026-03-01' } });
    fireEvent.change(within(form).getByLabelText('To'), { target: { value: '2026-03-30' } });
    expect(asked).toHaveLength(2);

    await user.click(within(form).getByRole('button', { name: 'Show' }));

    await waitFor(() =>
      expect(asked.slice(2)).toEqual([
        'funnel?from=2026-03-01&to=2026-03-30&utm_source=google&utm_campaign=focus-brand&device=iphone&payment=offered',
        'campaigns?from=2026-03-01&to=2026-03-30',
      ]),
    );
    // The filters stay in the form, which now offers to go back to the defaults; focus stays put.
    const again = screen.getByRole('search', { name: 'Filters' });
    expect(within(again).getByRole('button', { name: 'Show' })).toHaveFocus();
    expect(within(again).getByRole('combobox', { name: 'Phone' })).toHaveValue('iphone');
    expect(within(again).getByRole('link', { name: 'Reset filters' })).toHaveAttribute('href', '/staff/insights');
  });

  it('reads the filters from the address, so a shared link shows the same report', async () => {
    const { asked } = reports();
    renderApp('/staff/insights?from=2026-01-01&to=2026-01-31&utm_source=podcast&device=none&payment=not-offered');

    const form = await screen.findByRole('search', { name: 'Filters' });
    await waitFor(() => expect(asked[0]).toBe('funnel?from=2026-01-01&to=2026-01-31&utm_source=podcast&device=none&payment=not-offered'));
    expect(asked[1]).toBe('campaigns?from=2026-01-01&to=2026-01-31');
    expect(within(form).getByLabelText('From')).toHaveValue('2026-01-01');
    expect(within(form).getByRole('combobox', { name: 'Phone' })).toHaveValue('none');
    expect(within(form).getByRole('combobox', { name: 'Payment at sign-up' })).toHaveValue('not-offered');
    await waitFor(() => expect(within(form).getByRole('combobox', { name: 'Campaign source' })).toHaveValue('podcast'));
  });

  it('puts the server’s message beside a filter it refused', async () => {
    const message = 'Please give the date as YYYY-MM-DD, for example 2026-11-24.';
    const refused = () =>
      json(400, { type: 'about:blank', title: 'Bad Request', status: 400, detail: message, errors: [{ field: 'from', message }] });
    reports({ funnel: refused, campaigns: refused() });
    renderApp('/staff/insights?from=2026-13-01');

    expect((await screen.findByText('These filters can’t be used. Please fix what’s marked above.')).closest('[role="alert"]')).not.toBeNull();
    const from = screen.getByLabelText('From');
    await waitFor(() => expect(from).toHaveAttribute('aria-invalid', 'true'));
    expect(from).toHaveAccessibleDescription(message);
    expect(screen.getByLabelText('To')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Campaigns' })).not.toBeInTheDocument();
  });

  it('says so when no one signed up in the dates', async () => {
    reports({
      funnel: () => json(200, { ...funnel, members: { value: 0 }, steps: funnel.steps.map((s) => ({ ...s, reached: { value: 0 } })) }),
      campaigns: json(200, { ...campaigns, campaigns: [], origins: [] }),
    });
    renderApp('/staff/insights');

    expect(await screen.findByText('No one signed up in these dates.')).toBeInTheDocument();
    expect(await screen.findByText('No one signed up in these dates, so there are no campaigns to show.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when the funnel could not be loaded, and tries again', async () => {
    let fail = true;
    reports({ funnel: () => (fail ? json(500, { status: 500 }) : json(200, funnel)) });
    const { user } = renderApp('/staff/insights');

    expect(await screen.findByText('We couldn’t load the funnel', {}, { timeout: 4000 })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('img', { name: 'Members who reached each step of the survey' })).toBeInTheDocument();
  }, 10_000);

  it('downloads the funnel and the campaigns for the days and filters shown', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:report'), revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const csv = (name: string) => () =>
      new Response('step,branch\n', { headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${name}"` } });
    const { fetchSpy } = serveAs(adminMe, {
      'GET /api/staff/insights/funnel': json(200, funnel),
      'GET /api/staff/insights/campaigns': json(200, campaigns),
      'GET /api/staff/insights/funnel/export': csv('wayfinder-funnel-2026-03-01-to-2026-03-30.csv'),
      'GET /api/staff/insights/campaigns/export': csv('wayfinder-campaigns-2026-03-01-to-2026-03-30.csv'),
    });
    const { user } = renderApp('/staff/insights?from=2026-03-01&to=2026-03-30&device=android');

    const funnelButton = await screen.findByRole('button', { name: 'Download funnel CSV' });
    expect(funnelButton).toHaveAccessibleDescription('These steps and totals, for these dates and filters. No names and no answers.');
    await user.click(funnelButton);
    expect(await screen.findByText('The file is downloading.')).toHaveAttribute('role', 'status');
    await user.click(screen.getByRole('button', { name: 'Download campaigns CSV' }));
    await waitFor(() => expect(clicked).toHaveLength(2));

    const exports = fetchSpy.mock.calls.map(([input]) => new URL((input as Request).url)).filter((url) => url.pathname.endsWith('/export'));
    expect(exports.map((url) => `${url.pathname}${url.search}`)).toEqual([
      '/api/staff/insights/funnel/export?from=2026-03-01&to=2026-03-30&device=android',
      '/api/staff/insights/campaigns/export?from=2026-03-01&to=2026-03-30',
    ]);
    expect(clicked).toEqual(['wayfinder-funnel-2026-03-01-to-2026-03-30.csv', 'wayfinder-campaigns-2026-03-01-to-2026-03-30.csv']);
  });
});
