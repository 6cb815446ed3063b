import { useCallback } from 'react';
import { useRuntimeConfig } from '@/config/runtime-context';
import { interpolate, type MessageParams } from '@/lib/messages';

// The chat page's copy. It lives beside the page, which loads on its own, so the app's catalog (and
// with it the first screen) doesn't carry it.

const en = {
  title: 'Chat with your coach',
  heading: 'Chat with your coach',
  lead: 'You and your coach chat in the {brand} app on your iPhone.',
  how: 'Sign in there with the same email you use here. Your coach’s messages will be waiting.',
  openStore: 'Get the {brand} app',
  noStoreLink: 'Search for “{brand}” in the App Store on your iPhone.',
  resumeHeading: 'Still signing up?',
  resumeBody: 'No rush. Your answers are saved, so you can carry on where you left off.',
  resume: 'Continue where you left off',
} as const;

export type ChatTextKey = keyof typeof en;

/** useChatT returns the chat page's copy with {brand} filled in. */
export function useChatT(): (key: ChatTextKey, params?: MessageParams) => string {
  const { brandName } = useRuntimeConfig();
  return useCallback((key, params) => interpolate(en[key], { brand: brandName, ...params }), [brandName]);
}
