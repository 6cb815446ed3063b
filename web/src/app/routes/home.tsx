import { useState } from 'react';
import { HomePage } from '@/features/home/HomePage';
import { mayBeSignedIn } from '@/lib/session';
import { useAfterFirstPaint } from '@/lib/after-next-paint';
import { lazyComponent } from '@/lib/lazy-component';
import { PageErrorBoundary } from '@/components/route-error/PageErrorBoundary';

const MemberProbe = lazyComponent(() => import('@/app/auth/MemberProbe').then((m) => m.default));

/**
 * The home page, told whether the visitor is signed in. It ships in the main bundle (see
 * router.tsx). Whether to offer "Continue" is found out after the first paint, and only when the
 * visitor may be signed in; if that check can't even load, the page simply keeps its way in.
 */
export function Component() {
  const [signedIn, setSignedIn] = useState(false);
  const painted = useAfterFirstPaint();
  return (
    <>
      <HomePage signedIn={signedIn} />
      {painted && mayBeSignedIn() ? (
        <PageErrorBoundary fallback={null}>
          <MemberProbe onChange={setSignedIn} />
        </PageErrorBoundary>
      ) : null}
    </>
  );
}
