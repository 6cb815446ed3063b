import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from './auth-token';
import { PageData } from './resource';

// The module reads the page's tag once, so each test loads it afresh after writing the page.
async function load() {
  vi.resetModules();
  return import('./initial-data');
}

function writeTag(text: string) {
  const tag = document.createElement('script');
  tag.id = 'initial-data';
  tag.type = 'application/json';
  tag.textContent = text;
  document.head.append(tag);
}

const me = { me: { userId: 'u-1', email: 'sam@example.test', firstName: 'Sam', role: 'member' } };
const survey = { answers: [{ questionSlug: 'name-and-birth', answers: [], updatedAt: '2026-11-24T10:00:00Z' }], resumeAt: 'how-you-identify' };
const definition = { firstQuestion: 'name-and-birth', questions: { 'name-and-birth': { type: 'Custom' } } };

afterEach(() => {
  document.getElementById('initial-data')?.remove();
  vi.unstubAllGlobals();
});

describe('initial data', () => {
  it('hands each value out once, and takes the tag out of the page', async () => {
    writeTag(JSON.stringify({ me, survey }));
    const { hasInitialData, takeInitialData } = await load();
    expect(hasInitialData('me')).toBe(true);
    expect(document.getElementById('initial-data')).toBeNull();
    expect(takeInitialData('me')).toEqual(me);
    expect(takeInitialData('me')).toBeUndefined();
    expect(hasInitialData('me')).toBe(false);
    expect(takeInitialData('definition')).toBeUndefined();
    expect(takeInitialData('survey')).toEqual(survey);
  });

  it("is none on a page that speaks to the API with the native shell's token, which may be another account's", async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'shell-token');
    try {
      writeTag(JSON.stringify({ me, survey }));
      const { hasInitialData, takeInitialData } = await load();
      expect(hasInitialData('me')).toBe(false);
      expect(takeInitialData('survey')).toBeUndefined();
      expect(document.getElementById('initial-data')).toBeNull();
    } finally {
      localStorage.removeItem(TOKEN_STORAGE_KEY);
    }
  });

  it('is none without a tag, or with a broken one', async () => {
    expect((await load()).hasInitialData('me')).toBe(false);
    writeTag('{"me": ');
    expect((await load()).takeInitialData('me')).toBeUndefined();
    writeTag('["me"]');
    expect((await load()).takeInitialData('me')).toBeUndefined();
  });
});

describe('the first reads of a step', () => {
  let fetched: string[];
  beforeEach(() => {
    fetched = [];
    vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
      fetched.push(input instanceof Request ? new URL(input.url).pathname : String(input));
      return Promise.reject(new Error('offline'));
    });
  });

  it('take the profile, the answers and the definition from the page, without a request', async () => {
    writeTag(JSON.stringify({ me, survey, definition }));
    await load();
    const [{ meResource }, { surveyResource }, { definitionResource }] = await Promise.all([
      import('@/features/account/api/get-me'),
      import('@/features/survey/api/get-survey'),
      import('@/features/survey/api/get-definition'),
    ]);
    const data = new PageData();
    expect(data.resource(meResource).state().data).toEqual(me);
    expect(data.resource(surveyResource).state().data).toEqual(survey);
    expect(data.resource(definitionResource).state().data).toEqual(definition);
    expect(fetched).toEqual([]);

    // Once the page's profile is used, the profile of a page made anew is read from the server.
    await expect(new PageData().resource(meResource).fetch()).rejects.toThrow();
    expect(fetched.some((url) => url.includes('/api/user/me'))).toBe(true);
  });

  it('ask the server when the page holds something else', async () => {
    writeTag(JSON.stringify({ me: { me: { email: 'no id' } }, survey: { answers: 'none' }, definition: { questions: null } }));
    await load();
    const { meResource } = await import('@/features/account/api/get-me');
    const { surveyResource } = await import('@/features/survey/api/get-survey');
    const { definitionResource } = await import('@/features/survey/api/get-definition');
    const data = new PageData();
    await expect(data.resource(meResource).fetch()).rejects.toThrow();
    await expect(data.resource(surveyResource).fetch()).rejects.toThrow();
    await expect(data.resource(definitionResource).fetch()).rejects.toThrow();
    expect(new Set(fetched)).toEqual(new Set(['/api/user/me', '/api/onboarding/survey', '/api/onboarding/definition']));
  });
});
