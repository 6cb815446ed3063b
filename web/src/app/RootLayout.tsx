import { Outlet } from 'react-router';
import { AppLayout } from '@/components/layout/AppLayout';

/** RootLayout puts every page inside the shared frame. */
export function RootLayout() {
  return (
    <AppLayout>
      <Outlet />
    </AppLayout>
  );
}
