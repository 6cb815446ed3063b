import { useCallback } from 'react';
import { useRuntimeConfig } from '@/config/runtime-context';
import { interpolate, type MessageParams } from '@/lib/messages';

// The Android waitlist page's copy, beside the page, so members never download it. {brand} is
// filled from the runtime settings, as in the app's catalog.

const en = {
  title: 'Android waitlist',
  lead: 'Members who asked us to email them once when {brand} is on Android. Newest first. Opening this page and downloading the list are written to the audit log.',
  loading: 'Loading the waitlist…',
  loadFailedTitle: 'We couldn’t load the waitlist',
  none: 'No one has joined the waitlist yet.',
  countOne: '1 member is on the waitlist.',
  count: '{count} members are on the waitlist.',
  shown: 'Showing {shown} of {count}.',
  caption: 'Members on the Android waitlist, newest first',
  email: 'Email',
  joined: 'Joined',
  more: 'Show more',
  loadingMore: 'Loading more…',
  moreFailed: 'More members didn’t load. Please try again.',
  download: 'Download CSV',
  downloading: 'Preparing the file…',
  downloaded: 'The file is downloading.',
  downloadHint: 'Email, joined time and consent version. Nothing from the survey.',
  downloadFailed: 'The file didn’t download. Please try again in a minute.',
  downloadConnection: 'We couldn’t reach the server. Check that you’re online, then try again.',
  reference: 'Reference: {id}',
} as const;

export type WaitlistTextKey = keyof typeof en;

export type WaitlistT = (key: WaitlistTextKey, params?: MessageParams) => string;

/** useWaitlistT returns the waitlist page's copy with {brand} filled in. */
export function useWaitlistT(): WaitlistT {
  const { brandName } = useRuntimeConfig();
  return useCallback((key, params) => interpolate(en[key], { brand: brandName, ...params }), [brandName]);
}
