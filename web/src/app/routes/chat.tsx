import { PageErrorBoundary } from '@/components/route-error/PageErrorBoundary';
import { ChatPage, ResumeButton } from '@/features/chat/ChatPage';
import { pathOfStep } from '@/features/survey/journey';
import { useJourney } from '@/features/survey/use-journey';

/**
 * Resume is the way back into sign-up: the journey's own resume point, worked out by the same rules
 * as every step, so it never leads to a step the member may not see yet.
 */
function Resume() {
  const state = useJourney();
  return state ? <ResumeButton to={pathOfStep(state.journey.resumeAt)} /> : null;
}

/**
 * The chat (/chat), for a signed-in member: the route's guard takes staff to /staff and a visitor
 * who is not signed in home. If the survey's definition can't be had, the page still says where
 * the chat is; only the way back into sign-up is left out.
 */
export function Component() {
  return (
    <ChatPage
      resume={
        <PageErrorBoundary fallback={null}>
          <Resume />
        </PageErrorBoundary>
      }
    />
  );
}
