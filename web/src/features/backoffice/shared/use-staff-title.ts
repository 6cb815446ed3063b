import { useEffect } from 'react';
import { useT } from '@/lib/messages';
import { staffMessages } from '@/messages/staff';

/**
 * useStaffTitle names the browser tab after the staff page ("Members · Wayfinder staff"), so a
 * staff member with member tabs open beside it can tell the two apart.
 */
export function useStaffTitle(page: string): void {
  const t = useT(staffMessages);
  const title = t('documentTitle', { page });
  useEffect(() => {
    document.title = title;
  }, [title]);
}
