import { PlaceholderPage } from '@/components/page/PlaceholderPage';

/** The coach chat. The Not Found page links here; the chat itself is built later. */
export function Component() {
  return <PlaceholderPage titleKey="chat.title" headingKey="chat.heading" bodyKey="chat.body" />;
}
