import { useCallback } from 'react';
import { useRuntimeConfig } from '@/config/runtime-context';
import { interpolate, type MessageParams } from '@/lib/messages';

// The copy the admin pages share: their loading, failure and admins-only states. Each page's own
// copy lives beside it. {brand} is filled from the runtime settings, as in the app's catalog.

const en = {
  loadFailed: 'It may be your connection. Check that you’re online, then try again.',
  adminOnlyHeading: 'This is for administrators',
  adminOnly: 'Your account can’t open this page. Ask an administrator if you need something here.',
  signedOutHeading: 'Please sign in again',
  signedOut: 'Your sign-in has run out. Reload the page to sign in again.',
} as const;

export type AdminTextKey = keyof typeof en;

export type AdminT = (key: AdminTextKey, params?: MessageParams) => string;

/** useAdminT returns the admin pages' shared copy with {brand} filled in. */
export function useAdminT(): AdminT {
  const { brandName } = useRuntimeConfig();
  return useCallback((key, params) => interpolate(en[key], { brand: brandName, ...params }), [brandName]);
}
