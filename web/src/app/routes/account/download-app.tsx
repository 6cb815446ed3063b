import { DownloadApp } from '@/features/coaches/components/GetTheApp';

/** The App Store link and a QR code to open it on an iPhone (spec §4). */
export function Component() {
  return <DownloadApp />;
}
