import { afterEach, describe, expect, it } from 'vitest';
import { captureUtm, clearUtm, MAX_UTM_LENGTH, readUtm, referrerSearch, storedUtm } from './utm';

describe('campaign values', () => {
  afterEach(() => {
    localStorage.clear();
  });

  it('reads only the nine campaign keys', () => {
    const search =
      '?utm_source=ad&utm_medium=social&utm_campaign=spring&utm_adid=1&utm_adgroup=g&utm_term=focus' +
      '&utm_content=video&gclid=abc&coupon=WELCOME&token=secret&utm_other=x&answer=self-harm';
    expect(readUtm(search)).toEqual({
      utm_source: 'ad',
      utm_medium: 'social',
      utm_campaign: 'spring',
      utm_adid: '1',
      utm_adgroup: 'g',
      utm_term: 'focus',
      utm_content: 'video',
      gclid: 'abc',
      coupon: 'WELCOME',
    });
  });

  it('cuts values at the server’s limit and skips empty ones', () => {
    const utm = readUtm(`?utm_source=${'a'.repeat(MAX_UTM_LENGTH + 50)}&utm_medium=&utm_term=%20%20`);
    expect(utm).toEqual({ utm_source: 'a'.repeat(MAX_UTM_LENGTH) });
  });

  it('keeps the landing address’s values across a page load, until cleared', () => {
    captureUtm('?utm_source=newsletter&utm_campaign=may');
    expect(storedUtm()).toEqual({ utm_source: 'newsletter', utm_campaign: 'may' });

    // Coming back from sign-in, the address has no campaign: what was kept stays.
    captureUtm('?code=abc&state=xyz');
    expect(storedUtm()).toEqual({ utm_source: 'newsletter', utm_campaign: 'may' });

    // A new campaign replaces it.
    captureUtm('?utm_source=podcast');
    expect(storedUtm()).toEqual({ utm_source: 'podcast' });

    clearUtm();
    expect(storedUtm()).toEqual({});
  });

  it('finds the campaign of the page on this site that linked here, and of no other site', () => {
    const origin = 'https://coach.example.com';
    expect(referrerSearch('https://coach.example.com/?utm_source=ad&x=1', origin)).toBe('?utm_source=ad&x=1');
    expect(referrerSearch('https://elsewhere.example.com/?utm_source=ad', origin)).toBe('');
    expect(referrerSearch('', origin)).toBe('');
    expect(referrerSearch('not a url', origin)).toBe('');
  });

  it('ignores kept values that were tampered with', () => {
    localStorage.setItem('utm', JSON.stringify({ utm_source: 'ok', evil: 'x', utm_term: 42 }));
    expect(storedUtm()).toEqual({ utm_source: 'ok' });
    localStorage.setItem('utm', 'not json');
    expect(storedUtm()).toEqual({});
  });
});
