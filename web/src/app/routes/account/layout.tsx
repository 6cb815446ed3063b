import type { ReactNode } from 'react';

/**
 * The account area's layout. The sign-in check wraps it in the route tree (RequireMember), so
 * this layout renders only for a signed-in member; for now it only renders the page.
 */
export function Component({ children }: { children: ReactNode }) {
  return children;
}
