import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { RuntimeConfigProvider } from '@/config/runtime-context';
import { defaultRuntimeConfig } from '@/config/runtime';
import { catalogs, interpolate, translate, useT } from './messages';

describe('interpolate', () => {
  it('fills every placeholder, repeated ones too', () => {
    expect(interpolate('Hi {firstName}, welcome to {brand}. {brand} is glad.', { firstName: 'Sam', brand: 'Wayfinder' })).toBe(
      'Hi Sam, welcome to Wayfinder. Wayfinder is glad.',
    );
  });

  it('writes numbers as they are', () => {
    expect(interpolate('You scored {score}/6', { score: 4 })).toBe('You scored 4/6');
  });

  it('leaves a placeholder with no value in place, so the gap is visible', () => {
    expect(interpolate('Hi {firstName}', {})).toBe('Hi {firstName}');
  });

  it('does not fill placeholders from built-in object properties', () => {
    expect(interpolate('{toString} {constructor}', {})).toBe('{toString} {constructor}');
  });

  it('leaves text without placeholders untouched', () => {
    expect(interpolate('Plain {not a placeholder}', { brand: 'x' })).toBe('Plain {not a placeholder}');
  });
});

describe('translate and useT', () => {
  it('looks a message up by key and fills it', () => {
    expect(translate('home.eyebrow', { brand: 'Wayfinder' })).toBe('Welcome to Wayfinder');
  });

  it('fills {brand} from the runtime settings', () => {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <RuntimeConfigProvider config={{ ...defaultRuntimeConfig, brandName: 'Compass' }}>{children}</RuntimeConfigProvider>
    );
    const { result } = renderHook(() => useT(), { wrapper });

    expect(result.current('app.documentTitle', { page: 'Not Found' })).toBe('Not Found · Compass');
  });
});

describe('the English catalog', () => {
  it('fixes the spelling of the source copy', () => {
    const all = Object.values(catalogs.en).join('\n');
    expect(all).not.toMatch(/could not found|Choose you coach|licenced|pshychotherapy/);
    expect(catalogs.en['notFound.body']).toBe('The resource requested could not be found.');
  });

  it('uses only the placeholders the app fills', () => {
    for (const [key, message] of Object.entries(catalogs.en)) {
      for (const [, name] of message.matchAll(/\{(\w+)\}/g)) {
        expect(['brand', 'firstName', 'page', 'count', 'max', 'age', 'month', 'days', 'year', 'score', 'option', 'n', 'of', 'id'], `${key} uses {${name}}`).toContain(name);
      }
    }
  });
});
