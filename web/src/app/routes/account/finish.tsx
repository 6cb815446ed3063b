import { Finish } from '@/features/coaches/components/GetTheApp';

/** The end of the web journey, handing over to the app. */
export function Component() {
  return <Finish />;
}
