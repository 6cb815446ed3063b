import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SurveyGroup } from '@/features/survey/api/types';
import { realDefinition } from '@/test/definition';
import { placeOf, ProgressHeader } from './ProgressHeader';

// The groups as the survey definition sends them (spec §2). The ADHD questionnaire's steps belong
// to the personalizing step of the header, which names the questionnaire while the member is in it.
const groups: SurveyGroup[] = [
  { id: 0, key: 'info', title: 'Getting to know you' },
  { id: 1, key: 'info', title: 'Getting to know you' },
  { id: 2, key: 'personalize', title: 'Personalizing your care' },
  { id: 3, key: 'coach', title: 'Matching you with a coach' },
  { id: 4, key: 'adhdq', title: 'ADHD questionnaire' },
];

/** before is every group the survey passes through before the given one, finished. */
function before(groupId: number): Set<number> {
  const order = [0, 1, 2, 4, 3];
  return new Set(order.slice(0, order.indexOf(groupId)));
}

function steps(currentGroupId: number, given = groups, finished = before(currentGroupId)) {
  render(<ProgressHeader groups={given} currentGroupId={currentGroupId} finished={finished} />);
  const nav = screen.getByRole('navigation', { name: 'Your progress' });
  return within(nav).getAllByRole('listitem');
}

describe('ProgressHeader', () => {
  // Each row: the current group, then which of the three steps is current and how many are done.
  it.each([
    [0, 0, 0],
    [1, 0, 0],
    [2, 1, 1],
    [4, 1, 1],
    [3, 2, 2],
  ])('in group %i marks step %i as current with %i finished', (groupId, current, done) => {
    const items = steps(groupId);

    expect(items).toHaveLength(3);
    items.forEach((item, index) => {
      if (index === current) expect(item).toHaveAttribute('aria-current', 'step');
      else expect(item).not.toHaveAttribute('aria-current');
      if (index < done) expect(item).toHaveTextContent(/\(done\)$/);
      else expect(item).not.toHaveTextContent('(done)');
    });
  });

  it('names the three steps in order, inside an ordered list', () => {
    const items = steps(0);

    expect(items[0]!.closest('ol')).not.toBeNull();
    expect(items.map((item) => item.textContent)).toEqual(['1Getting to know you', '2Personalizing your care', '3Matching you with a coach']);
  });

  it('takes the titles from the groups it is given', () => {
    const renamed = groups.map((g) => ({ ...g, title: `${g.key} title ${g.id}` }));
    const items = steps(0, renamed);

    expect(items.map((item) => item.textContent)).toEqual(['1info title 0', '2personalize title 2', '3coach title 3']);
    expect(screen.queryByText(/adhdq title/)).not.toBeInTheDocument();
  });

  it('shows a check mark instead of the number on finished steps only', () => {
    const items = steps(3);

    for (const item of items.slice(0, 2)) {
      const icon = item.querySelector('svg');
      expect(icon).not.toBeNull();
      expect(icon!.closest('[aria-hidden="true"]')).not.toBeNull();
      expect(item).not.toHaveTextContent(/^\d/);
    }
    expect(items[2]!.querySelector('svg')).toBeNull();
    expect(items[2]).toHaveTextContent(/^3/);
  });

  it('marks a step done only when all its groups are finished, not because a later one is shown', () => {
    // A member who typed a coach-matching address with the questionnaire unanswered.
    const items = steps(3, groups, new Set([0, 1, 2]));

    expect(items[0]).toHaveTextContent(/\(done\)$/);
    expect(items[1]).not.toHaveTextContent('(done)');
    expect(items[1]!.querySelector('svg')).toBeNull();
  });

  it('keeps the current step current, even when its answers are all in', () => {
    const items = steps(0, groups, new Set([0, 1, 2, 4]));

    expect(items[0]).toHaveAttribute('aria-current', 'step');
    expect(items[0]).not.toHaveTextContent('(done)');
    expect(items[1]).toHaveTextContent(/\(done\)$/);
  });

  it('shows no check marks at the start', () => {
    const items = steps(0);

    for (const item of items) expect(item.querySelector('svg')).toBeNull();
  });
});

describe('ProgressHeader past the three steps (the plan, step 4)', () => {
  it('marks all three done with check marks, and none current', () => {
    render(<ProgressHeader groups={groups} pastAll finished={new Set([0, 1, 2, 3, 4])} />);
    const items = within(screen.getByRole('navigation', { name: 'Your progress' })).getAllByRole('listitem');

    expect(items).toHaveLength(3);
    for (const item of items) {
      expect(item).not.toHaveAttribute('aria-current');
      expect(item).toHaveTextContent(/\(done\)$/);
      expect(item.querySelector('svg')).not.toBeNull();
    }
  });

  it('still marks done only what is finished', () => {
    render(<ProgressHeader groups={groups} pastAll finished={new Set([0, 1, 2, 4])} />);
    const items = within(screen.getByRole('navigation', { name: 'Your progress' })).getAllByRole('listitem');

    expect(items[1]).toHaveTextContent(/\(done\)$/);
    expect(items[2]).not.toHaveTextContent('(done)');
  });
});

describe('placeOf', () => {
  // Each row: a step, how far its part's bar is filled, and its number in the questionnaire.
  it.each([
    ['name-and-birth', 3 / 8, undefined],
    ['how-you-identify', 4 / 8, undefined],
    // A step only a branch leads to takes the place of the step before it.
    ['how-would-you-like-agave', 8 / 8, undefined],
    ['process-personalize', 1 / 15, undefined],
    ['how-often-trouble-wrapping', 9 / 15, { n: 1, of: 6 }],
    ['trouble-order', 10 / 15, { n: 2, of: 6 }],
    ['overly-active-motor', 14 / 15, { n: 6, of: 6 }],
    ['score-screen', 1, undefined],
  ])('puts %s at %f of its part', (slug, fill, question) => {
    const place = placeOf(realDefinition, slug);
    expect(place?.fill).toBeCloseTo(fill);
    expect(place?.question).toEqual(question);
  });

  it('names the questionnaire and counts its questions, on one line and for screen readers', () => {
    render(<ProgressHeader groups={groups} currentGroupId={4} finished={before(4)} place={placeOf(realDefinition, 'trouble-order')} />);
    const current = screen.getByRole('listitem', { current: 'step' });
    expect(current).toHaveTextContent('Personalizing your care, ADHD questionnaire · 2 of 6');
    expect(current.style.getPropertyValue('--fill')).toBe(String(10 / 15));
  });
});
