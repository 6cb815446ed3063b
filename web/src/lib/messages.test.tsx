import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { RuntimeConfigProvider } from '@/config/runtime-context';
import { defaultRuntimeConfig } from '@/config/runtime';
import { appMessages } from '@/messages/app';
import { homeMessages } from '@/messages/home';
import { defineMessages, interpolate, translate, useT } from './messages';

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
  it('looks a message up in its namespace and fills it', () => {
    expect(translate(homeMessages, 'eyebrow', { brand: 'Compass' })).toBe('Welcome to Compass');
  });

  it('fills {brand} from the page’s runtime settings when it is not given', () => {
    expect(translate(homeMessages, 'eyebrow')).toBe('Welcome to Wayfinder');
  });

  it('fills {brand} from the runtime settings', () => {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <RuntimeConfigProvider config={{ ...defaultRuntimeConfig, brandName: 'Compass' }}>{children}</RuntimeConfigProvider>
    );
    const { result } = renderHook(() => useT(appMessages), { wrapper });

    expect(result.current('documentTitle', { page: 'Not Found' })).toBe('Not Found · Compass');
  });

  it('gives the same function while the namespace and the brand stay the same', () => {
    const { result, rerender } = renderHook(() => useT(appMessages));
    const first = result.current;

    rerender();

    expect(result.current).toBe(first);
  });
});

describe('defineMessages', () => {
  it('keeps each language’s copy under its locale', () => {
    const en = { hello: 'Hello, {firstName}' };
    const messages = defineMessages({ en });

    expect(messages.languages.en).toBe(en);
    expect(translate(messages, 'hello', { firstName: 'Sam' })).toBe('Hello, Sam');
  });
});
