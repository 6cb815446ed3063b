import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useStepState } from './use-step-state';

describe('useStepState', () => {
  it('keeps a value while the step stays', () => {
    const { result, rerender } = renderHook(({ slug }) => useStepState(slug, ''), { initialProps: { slug: 'fidget' } });
    act(() => result.current[1]('Choose one answer.'));
    rerender({ slug: 'fidget' });
    expect(result.current[0]).toBe('Choose one answer.');
  });

  it('starts again from the initial value when another step comes', () => {
    const { result, rerender } = renderHook(({ slug }) => useStepState(slug, ''), { initialProps: { slug: 'fidget' } });
    act(() => result.current[1]('Choose one answer.'));
    rerender({ slug: 'overly-active-motor' });
    expect(result.current[0]).toBe('');
  });

  it('forgets a value when the member leaves the step and comes back', () => {
    const { result, rerender } = renderHook(({ slug }) => useStepState(slug, ''), { initialProps: { slug: 'fidget' } });
    act(() => result.current[1]('Choose one answer.'));
    rerender({ slug: 'trouble-thought' });
    rerender({ slug: 'fidget' });
    expect(result.current[0]).toBe('');
  });
});
