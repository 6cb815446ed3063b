import { useCallback } from 'react';
import { useRuntimeConfig } from '@/config/runtime-context';
import { interpolate, type MessageParams } from '@/lib/messages';

// The staff app's shared copy: its frame, its notices and the picture upload. It lives beside the
// staff app rather than in the app's catalog, so members never download it. {brand} is filled from
// the runtime settings, as in the catalog. Texts the spec fixes are kept word for word.

const en = {
  documentTitle: '{page} · {brand} staff',
  skipToContent: 'Skip to main content',
  brandStaff: '{brand} staff',
  homeLink: '{brand} staff home',
  navLabel: 'Staff',
  navMembers: 'Members',
  navSafety: 'Safety queue',
  navCoaches: 'Coaches',
  navAndroidWaitlist: 'Android waitlist',
  navAudit: 'Audit log',
  navStaff: 'Staff',
  navPlans: 'Plans',
  signedInAs: 'Signed in as {email}',
  signOut: 'Sign out',
  dismiss: 'Dismiss',
  loading: 'Loading…',
  retry: 'Try again',
  adminOnlyTitle: 'For administrators',
  adminOnlyHeading: 'This is for administrators',
  adminOnlyBody: 'Ask an administrator if you need something changed here.',
  notFoundTitle: 'Not Found',
  notFoundHeading: 'We couldn’t find that page',
  notFoundBody: 'The address may be mistyped. The staff pages are all in the menu above.',
  backToMembers: 'Back to members',

  pictureNone: 'No picture yet',
  pictureHint: 'JPEG, PNG or WebP, up to 5 MB.',
  pictureUploading: 'Uploading…',
  pictureRemoving: 'Removing…',
  pictureRemove: 'Remove picture',
  pictureSaved: 'Picture saved.',
  pictureRemoved: 'Picture removed.',
  pictureWrongType: 'Please choose a JPEG, PNG or WebP image.',
  pictureTooLarge: 'Please choose an image of 5 MB or less.',
  pictureRemoveFailed: 'The picture wasn’t removed. Please try again.',

} as const;

export type StaffTextKey = keyof typeof en;

/** StaffT is the function the staff app's shared pieces get their copy from. */
export type StaffT = (key: StaffTextKey, params?: MessageParams) => string;

/** staffText returns one message with its placeholders filled (for tests and code outside components). */
export function staffText(key: StaffTextKey, params?: MessageParams): string {
  return interpolate(en[key], params);
}

/** useStaffT returns the shared staff copy with {brand} filled in. */
export function useStaffT(): StaffT {
  const { brandName } = useRuntimeConfig();
  return useCallback((key, params) => interpolate(en[key], { brand: brandName, ...params }), [brandName]);
}
