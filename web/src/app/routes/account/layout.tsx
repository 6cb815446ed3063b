import { Outlet } from 'react-router';

/**
 * The account area's layout. It is where the sign-in check and the profile loading of spec §2
 * will sit, in one place for every account page; for now it only renders the page.
 */
export function Component() {
  return <Outlet />;
}
