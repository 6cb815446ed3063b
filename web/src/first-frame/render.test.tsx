import { describe, expect, it } from 'vitest';
import { aheadMarkers } from '@/lib/rendered-ahead';
import { testDefinition } from '@/features/survey/test-definition';
import { renderHome, renderSteps } from './render';

const parse = (markup: string) => new DOMParser().parseFromString(`<div id="root">${markup}</div>`, 'text/html');
const inert = (element: Element | null) => element?.closest('[inert]') !== null;

describe('the first frames rendered at build time', () => {
  it('draw each step a member may open by its address, up to the coach chooser', async () => {
    // The test survey's main path, carried on through the score, the account step, the chooser and
    // testimonials.
    const questions = { ...testDefinition.questions };
    questions['meet-your-coach'] = { ...questions.testimonials!, slug: 'meet-your-coach', title: 'Choose your coach' };
    const chain = ['whats-your-motivation', 'score-screen', 'account', 'meet-your-coach', 'testimonials'];
    chain.forEach((slug, i) => {
      questions[slug] = { ...questions[slug]!, prevStep: chain[i - 1] ?? questions[slug]!.prevStep, nextStep: chain[i + 1] ?? '' };
    });
    const steps = await renderSteps({ ...testDefinition, questions });
    expect(Object.keys(steps)).toContain('name-and-birth');
    expect(Object.keys(steps)).toContain('how-you-identify');
    expect(Object.keys(steps)).toContain('whats-your-motivation');
    for (const slug of ['score-screen', 'account', 'meet-your-coach', 'testimonials']) expect(Object.keys(steps)).not.toContain(slug);
  });

  it('leave what only the server knows as markers, and hold the controls inert but not the heading', async () => {
    const steps = await renderSteps(testDefinition);
    const nameAndBirth = parse(steps['name-and-birth']!.plain.root);
    expect(nameAndBirth.querySelector('h1')?.textContent).toBe('About you');
    expect(inert(nameAndBirth.querySelector('h1'))).toBe(false);
    const [first, last] = nameAndBirth.querySelectorAll('input[maxlength]');
    expect(first?.getAttribute('value')).toBe(aheadMarkers.profileFirstName);
    expect(last?.getAttribute('value')).toBe(aheadMarkers.profileLastName);
    expect([...nameAndBirth.querySelectorAll('select')].map((s) => s.textContent)).toEqual([
      aheadMarkers.birthMonth,
      aheadMarkers.birthDay,
      aheadMarkers.birthYear,
    ]);
    for (const control of nameAndBirth.querySelectorAll('input, select, button')) expect(inert(control)).toBe(true);

    const identify = steps['how-you-identify']!.plain;
    expect(parse(identify.root).querySelector('h1')?.textContent).toBe(`How do you identify, ${aheadMarkers.firstName}?`);
    expect(identify.title).toContain(`How do you identify, ${aheadMarkers.firstName}?`);
    expect(identify.title).toContain(aheadMarkers.brand);
    expect(parse(identify.root).querySelectorAll('input[type="radio"]').length).toBeGreaterThan(0);
  });

  it('draw the home page as a visitor sees it, named in its tab', async () => {
    const home = await renderHome();
    expect(parse(home.root).querySelector('h1')).not.toBeNull();
    // Its way in works from the first paint: only the member's way, unseen, is inert.
    const page = parse(home.root);
    expect(page.querySelector('a[href="/register"]')?.closest('[inert]')).toBeNull();
    expect([...page.querySelectorAll('[inert]')].map((e) => e.getAttribute('aria-hidden'))).toEqual(['true']);
    expect(home.title).toContain(aheadMarkers.brand);
  });
});
