import { createContext, use, type ReactNode } from 'react';

/** StaffUser is who is using the staff app: what the frame shows and what decides the admin pages. */
export interface StaffUser {
  userId: string;
  email: string;
  role: 'staff' | 'admin';
}

// The staff app learns who is signed in from the app's guard, which has the profile already: the
// staff feature doesn't read the member profile itself (features don't import each other).
const StaffUserContext = createContext<StaffUser | null>(null);

export function StaffUserProvider({ user, children }: { user: StaffUser; children: ReactNode }) {
  return <StaffUserContext value={user}>{children}</StaffUserContext>;
}

/** useStaffUser returns the signed-in staff user. The staff app renders only inside the provider. */
export function useStaffUser(): StaffUser {
  const user = use(StaffUserContext);
  if (!user) throw new Error('useStaffUser is used outside StaffUserProvider');
  return user;
}

/** useIsAdmin tells whether the signed-in user may use the admin pages. */
export function useIsAdmin(): boolean {
  return useStaffUser().role === 'admin';
}
