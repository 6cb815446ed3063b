import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json } from '@/test/api';
import { installDialogStandIn, serveAs, staffMe } from '@/test/admin';
import { renderApp } from '@/test/render-app';
import type { SafetyFollowUp } from './api/get-safety-queue';

function followUp(id: number, extra: Partial<SafetyFollowUp> = {}): SafetyFollowUp {
  return {
    id,
    userId: `u-${id}`,
    firstName: 'Sam',
    lastName: `Rivera ${id}`,
    email: `sam${id}@example.com`,
    device: 'android',
    disclosedAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
    reviewedAt: null,
    reviewedBy: null,
    note: '',
    reopenedAt: null,
    journeyPaused: true,
    ...extra,
  };
}

const reviewed = (id: number, extra: Partial<SafetyFollowUp> = {}) =>
  followUp(id, { reviewedAt: '2026-03-04T16:00:00Z', reviewedBy: 'staff@example.com', note: 'Called them; they have support.', ...extra });

/** queue answers both lists from the state given, which a test may change as the server would. */
function queue(state: { open: SafetyFollowUp[]; reviewed: SafetyFollowUp[] }) {
  return (request: Request) => {
    const status = new URL(request.url).searchParams.get('status');
    return json(200, { followUps: status === 'reviewed' ? state.reviewed : state.open });
  };
}

const card = (name: string) => screen.getByRole('article', { name });

async function toast(text: string, role: 'status' | 'alert') {
  const found = await screen.findByText(text);
  expect(found.closest(`[role="${role}"]`)).not.toBeNull();
}

describe('the safety queue', () => {
  beforeAll(installDialogStandIn);

  it('says what these members told us and what to do, and lists those awaiting review, without their answers', async () => {
    serveAs(staffMe, { 'GET /api/staff/safety': queue({ open: [followUp(1)], reviewed: [] }) });
    renderApp('/staff/safety');

    expect(await screen.findByRole('heading', { level: 1, name: 'Safety queue' })).toBeInTheDocument();
    expect(screen.getByText(/told us they have had thoughts of self-harm\. Please contact each of them soon/)).toBeInTheDocument();
    expect(screen.getByText(/Their answers are not shown here\./)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Awaiting review' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Awaiting review' })).toBeInTheDocument();

    const item = await screen.findByRole('article', { name: 'Sam Rivera 1' });
    expect(within(item).getByRole('link', { name: 'sam1@example.com' })).toHaveAttribute('href', 'mailto:sam1@example.com');
    expect(within(item).getByText('Android')).toBeInTheDocument();
    expect(within(item).getByText(/^3 hours ago \(\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M\)$/)).toBeInTheDocument();
    expect(within(item).getByRole('link', { name: 'Open member page' })).toHaveAttribute('href', '/staff/members/u-1');
    expect(within(item).getByRole('button', { name: 'Mark reviewed' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Safety queue · Wayfinder staff'));
  });

  it('records a review with its note and reopens the journey when asked', async () => {
    const state = { open: [followUp(1), followUp(2)], reviewed: [] as SafetyFollowUp[] };
    let sent: unknown;
    serveAs(staffMe, {
      'GET /api/staff/safety': queue(state),
      'POST /api/staff/safety/1/review': async (request) => {
        sent = await request.json();
        state.reviewed = [reviewed(1, { journeyPaused: false, reopenedAt: '2026-03-04T16:00:00Z' })];
        state.open = [followUp(2)];
        return json(200, state.reviewed[0]);
      },
    });
    const { user } = renderApp('/staff/safety');
    await user.click(within(await screen.findByRole('article', { name: 'Sam Rivera 1' })).getByRole('button', { name: 'Mark reviewed' }));

    const dialog = screen.getByRole('dialog', { name: 'Mark Sam Rivera 1 reviewed' });
    const note = within(dialog).getByRole('textbox', { name: 'What was done' });
    expect(note).toBeRequired();
    expect(within(dialog).getByRole('checkbox', { name: 'Let them continue sign-up now' })).not.toBeChecked();

    // A note is needed.
    await user.click(within(dialog).getByRole('button', { name: 'Save review' }));
    expect(note).toHaveAttribute('aria-invalid', 'true');
    expect(note).toHaveAccessibleDescription(/Please write what was done\./);
    expect(note).toHaveFocus();
    expect(sent).toBeUndefined();

    await user.type(note, 'Called Sam; they are safe and have support.');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Let them continue sign-up now' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save review' }));

    await toast('Review saved. They can go on with sign-up now.', 'status');
    expect(sent).toEqual({ note: 'Called Sam; they are safe and have support.', reopenJourney: true });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Sam Rivera 1' })).not.toBeInTheDocument());
    expect(card('Sam Rivera 2')).toBeInTheDocument();
  });

  it('keeps the dialog open with the reason when the review is refused', async () => {
    serveAs(staffMe, {
      'GET /api/staff/safety': queue({ open: [followUp(1)], reviewed: [] }),
      'POST /api/staff/safety/1/review': json(409, { title: 'Conflict', status: 409, detail: 'Someone has reviewed this already.' }),
    });
    const { user } = renderApp('/staff/safety');
    await user.click(within(await screen.findByRole('article', { name: 'Sam Rivera 1' })).getByRole('button', { name: 'Mark reviewed' }));
    const dialog = screen.getByRole('dialog');

    await user.type(within(dialog).getByRole('textbox', { name: 'What was done' }), 'Called.');
    await user.click(within(dialog).getByRole('button', { name: 'Save review' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('We couldn’t save the review.');
    expect(alert).toHaveTextContent('Someone has reviewed this already.');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows who reviewed each follow-up and their note, and reopens a paused journey', async () => {
    const state = { open: [] as SafetyFollowUp[], reviewed: [reviewed(3), reviewed(4, { journeyPaused: false, reopenedAt: '2026-03-04T17:00:00Z' })] };
    serveAs(staffMe, {
      'GET /api/staff/safety': queue(state),
      'POST /api/staff/safety/3/reopen': () => {
        state.reviewed = [reviewed(3, { journeyPaused: false, reopenedAt: '2026-03-05T09:00:00Z' }), state.reviewed[1]!];
        return json(200, state.reviewed[0]);
      },
    });
    const { user, pathname } = renderApp('/staff/safety');
    expect(await screen.findByText('No one is waiting for review.')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Reviewed' }));

    expect(pathname()).toBe('/staff/safety');
    const paused = await screen.findByRole('article', { name: 'Sam Rivera 3' });
    expect(within(paused).getByText('staff@example.com')).toBeInTheDocument();
    expect(within(paused).getByText('Called them; they have support.')).toBeInTheDocument();
    expect(within(paused).getByText('Paused on the support page')).toBeInTheDocument();
    expect(within(paused).queryByRole('button', { name: 'Mark reviewed' })).not.toBeInTheDocument();
    expect(within(card('Sam Rivera 4')).getByText(/^Reopened Mar 4, 2026/)).toBeInTheDocument();
    expect(within(card('Sam Rivera 4')).queryByRole('button', { name: 'Reopen their journey' })).not.toBeInTheDocument();

    await user.click(within(paused).getByRole('button', { name: 'Reopen their journey' }));

    await toast('Their journey is open again. They can go on with sign-up.', 'status');
    await waitFor(() => expect(within(card('Sam Rivera 3')).getByText(/^Reopened Mar 5, 2026/)).toBeInTheDocument());
  });

  it('says why a reopening failed', async () => {
    serveAs(staffMe, {
      'GET /api/staff/safety': queue({ open: [], reviewed: [reviewed(3)] }),
      'POST /api/staff/safety/3/reopen': json(409, { title: 'Conflict', status: 409, detail: 'Their journey is open already.' }),
    });
    const { user } = renderApp('/staff/safety?status=reviewed');

    await user.click(within(await screen.findByRole('article', { name: 'Sam Rivera 3' })).getByRole('button', { name: 'Reopen their journey' }));

    await toast('We couldn’t reopen their journey.', 'alert');
    expect(screen.getByText('Their journey is open already.')).toBeInTheDocument();
  });

  it('moves between the tabs with the arrow keys', async () => {
    serveAs(staffMe, { 'GET /api/staff/safety': queue({ open: [], reviewed: [] }) });
    const { user } = renderApp('/staff/safety');
    const open = await screen.findByRole('tab', { name: 'Awaiting review' });
    expect(screen.getByRole('tab', { name: 'Reviewed' })).toHaveAttribute('tabindex', '-1');

    open.focus();
    await user.keyboard('{ArrowRight}');

    const reviewedTab = screen.getByRole('tab', { name: 'Reviewed' });
    expect(reviewedTab).toHaveFocus();
    expect(reviewedTab).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No reviewed follow-ups yet.')).toBeInTheDocument();
  });

  it('says when the queue fails to load', async () => {
    serveAs(staffMe, { 'GET /api/staff/safety': json(403, { title: 'Forbidden', status: 403 }) });
    renderApp('/staff/safety');

    expect(await screen.findByText('We couldn’t load the safety queue. Please try again.')).toBeInTheDocument();
  });
});
