import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockServer } from '@/test/api';
import { testDefinition } from '@/features/survey/test-definition';
import { DEFINITION_STALE_TIME, definitionResource, useDefinition } from './get-definition';
import { useSurvey } from './get-survey';
import { saveSurvey, SurveyRejectedError } from './save-survey';
import type { SurveySaveBody } from './types';

const body: SurveySaveBody = {
  fromSlug: 'how-you-identify',
  data: [{ questionSlug: 'how-you-identify', answers: [{ key: 'female', value: '' }] }],
  utm: {},
};

describe('survey API', () => {
  it('reads the definition and keeps it 10 minutes', async () => {
    mockServer({ 'GET /api/onboarding/definition': json(200, testDefinition) });

    const { result } = renderHook(() => useDefinition());

    await waitFor(() => expect(result.current.data).toBeDefined());
    expect(result.current.data?.questions['how-you-identify']?.type).toBe('SelectOne');
    expect(definitionResource.staleTime).toBe(DEFINITION_STALE_TIME);
    expect(DEFINITION_STALE_TIME).toBe(600_000);
  });

  it('reads the member’s answers and where to resume', async () => {
    const state = { answers: [], resumeAt: 'how-you-identify', score: 0, highLikelihood: false };
    mockServer({ 'GET /api/onboarding/survey': json(200, state) });

    const { result } = renderHook(() => useSurvey());

    await waitFor(() => expect(result.current.data).toEqual(state));
  });

  it('saves answers with PUT and the body of the spec', async () => {
    const sent: unknown[] = [];
    mockServer({
      'PUT /api/onboarding/survey': async (request) => {
        sent.push(await request.json());
        return new Response(null, { status: 204 });
      },
    });

    await saveSurvey(body);

    expect(sent).toEqual([body]);
  });

  it('reports the fields the server refused', async () => {
    mockServer({
      'PUT /api/onboarding/survey': json(400, {
        title: 'Some answers need another look.',
        errors: [{ field: 'data[0].answers', message: 'Please choose an answer.' }],
      }),
    });

    const error = await saveSurvey(body).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(SurveyRejectedError);
    expect((error as SurveyRejectedError).problems).toEqual([{ field: 'data[0].answers', message: 'Please choose an answer.' }]);
  });
});
