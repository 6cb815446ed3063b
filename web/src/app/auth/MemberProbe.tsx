import { useEffect } from 'react';
import { useSignedInMember } from '@/features/account/api/get-me';

/**
 * MemberProbe asks, quietly, whether the visitor is signed in, and reports the answer. It renders
 * nothing and loads on its own, after the first paint, so the home page's first screen carries no
 * HTTP client or profile code at all.
 */
export default function MemberProbe({ onChange }: { onChange: (signedIn: boolean) => void }) {
  const signedIn = useSignedInMember() !== undefined;
  useEffect(() => onChange(signedIn), [signedIn, onChange]);
  return null;
}
