import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultRuntimeConfig, parseRuntimeConfig, readRuntimeConfig, RUNTIME_CONFIG_ELEMENT_ID } from './runtime';

const valid = {
  brandName: 'Wayfinder',
  appStoreUrl: 'https://apps.apple.com/app/id123',
  accountUrl: '/idp/account',
  paymentEnabled: true,
  features: { chat: true, testimonials: false },
};

describe('parseRuntimeConfig', () => {
  it('reads valid settings as they are', () => {
    expect(parseRuntimeConfig(JSON.stringify(valid))).toEqual(valid);
  });

  it.each([null, undefined, '', '   '])('gives the defaults when the settings are missing (%j)', (text) => {
    expect(parseRuntimeConfig(text)).toEqual(defaultRuntimeConfig);
  });

  it.each(['{brandName:', 'not json', '[1,2]', '"Wayfinder"', 'null', '42'])(
    'gives the defaults, and warns, when the settings are malformed (%s)',
    (text) => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

      expect(parseRuntimeConfig(text)).toEqual(defaultRuntimeConfig);
      expect(warn).toHaveBeenCalledOnce();
    },
  );

  it('keeps the good fields and defaults the bad ones', () => {
    const got = parseRuntimeConfig(
      JSON.stringify({ brandName: 42, appStoreUrl: 'https://apps.apple.com/x', paymentEnabled: 'yes', features: { a: true, b: 'on' } }),
    );

    expect(got).toEqual({
      brandName: 'Wayfinder',
      appStoreUrl: 'https://apps.apple.com/x',
      accountUrl: '',
      paymentEnabled: false,
      features: { a: true },
    });
  });

  it.each(['javascript:alert(1)', 'http://apps.apple.com/x', 'apps.apple.com/x', 42])(
    'refuses an App Store address that is not https (%j)',
    (appStoreUrl) => {
      expect(parseRuntimeConfig(JSON.stringify({ ...valid, appStoreUrl })).appStoreUrl).toBe('');
    },
  );

  it.each(['//evil.example/account', '/\\evil.example', 'https://evil.example/account', 'javascript:alert(1)', '/a b', 42])(
    'refuses an account page that is not a path on this site (%j)',
    (accountUrl) => {
      expect(parseRuntimeConfig(JSON.stringify({ ...valid, accountUrl })).accountUrl).toBe('');
    },
  );

  it('trims the brand name and refuses a blank or overlong one', () => {
    expect(parseRuntimeConfig(JSON.stringify({ brandName: '  Compass ' })).brandName).toBe('Compass');
    expect(parseRuntimeConfig(JSON.stringify({ brandName: '   ' })).brandName).toBe('Wayfinder');
    expect(parseRuntimeConfig(JSON.stringify({ brandName: 'x'.repeat(61) })).brandName).toBe('Wayfinder');
  });

  it('ignores fields it does not know', () => {
    expect(parseRuntimeConfig(JSON.stringify({ ...valid, secret: 'x' }))).toEqual(valid);
  });
});

describe('readRuntimeConfig', () => {
  afterEach(() => {
    document.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.remove();
  });

  it('reads the script tag the server puts in the page', () => {
    const tag = document.createElement('script');
    tag.id = RUNTIME_CONFIG_ELEMENT_ID;
    tag.type = 'application/json';
    tag.textContent = JSON.stringify({ ...valid, brandName: 'Compass' });
    document.head.append(tag);

    expect(readRuntimeConfig()).toEqual({ ...valid, brandName: 'Compass' });
  });

  it('gives the defaults when the page has no settings, as under the dev server', () => {
    expect(readRuntimeConfig()).toEqual(defaultRuntimeConfig);
  });
});
