import { afterEach, describe, expect, it, vi } from 'vitest';
import { handOff, isIPhone } from './handoff';

const iPhone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const iPad = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const store = 'https://apps.apple.com/app/id123';

afterEach(() => {
  delete window.webkit;
});

describe('handOff', () => {
  it('tells the native app, and goes nowhere else', () => {
    const postMessage = vi.fn();
    window.webkit = { messageHandlers: { wayfinder: { postMessage } } };
    expect(handOff({ coachId: 'maya', saved: true, appStoreUrl: store, userAgent: iPhone })).toEqual({ kind: 'app' });
    expect(postMessage).toHaveBeenCalledExactlyOnceWith({ type: 'coach-chosen', coachId: 'maya', saved: true });
  });

  it('tells the native app when the choice was not saved, too', () => {
    const postMessage = vi.fn();
    window.webkit = { messageHandlers: { wayfinder: { postMessage } } };
    expect(handOff({ coachId: 'dev', saved: false, appStoreUrl: store, userAgent: android })).toEqual({ kind: 'app' });
    expect(postMessage).toHaveBeenCalledExactlyOnceWith({ type: 'coach-chosen', coachId: 'dev', saved: false });
  });

  it.each([
    ['an iPhone goes to the App Store', iPhone, store, { kind: 'store', url: store }],
    ['an iPhone without a configured store goes to the download page', iPhone, '', { kind: 'download' }],
    ['Android goes to the download page', android, store, { kind: 'download' }],
    ['an iPad goes to the download page', iPad, store, { kind: 'download' }],
  ])('%s', (_, userAgent, appStoreUrl, want) => {
    expect(handOff({ coachId: 'maya', saved: true, appStoreUrl, userAgent })).toEqual(want);
  });
});

describe('isIPhone', () => {
  it.each([
    [iPhone, true],
    ['Mozilla/5.0 (iPod touch; CPU iPhone OS 15_0 like Mac OS X)', true],
    [android, false],
    [iPad, false],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)', false],
  ])('%s', (ua, want) => {
    expect(isIPhone(ua)).toBe(want);
  });
});
