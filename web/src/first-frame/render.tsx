import { renderToStaticMarkup } from 'react-dom/server';
import { Router } from 'wouter';
import { AppProviders } from '@/app/providers';
import { AppRoutes, preparePage } from '@/app/router';
import { surveyStepPath } from '@/config/paths';
import { defaultRuntimeConfig } from '@/config/runtime';
import { provideInitialData } from '@/lib/initial-data';
import { defaultLocale } from '@/lib/messages';
import { aheadMarkers, takeTitleAhead } from '@/lib/rendered-ahead';
import type { MeResponse } from '@/features/account/api/get-me';
import type { SavedAnswers, SurveyDefinition, SurveyState } from '@/features/survey/api/types';
import { flowOf, MEET_YOUR_COACH, pathOfStep } from '@/features/survey/journey';
import { NAME_AND_BIRTH } from '@/features/survey/navigation';
import { surveyNameAndBirthMessages } from '@/messages/survey-name-and-birth';

/** Frame is a page's first frame: the markup in its root, and its tab's name. */
export interface Frame {
  root: string;
  title: string;
}

/**
 * renderFrame renders the app at path as it first appears, at build time (scripts/first-frame.mjs):
 * the markup of the app's own components, which the app replaces with the same markup when it
 * starts. What only the server knows when it sends the page is left as aheadMarkers.
 */
async function renderFrame(path: string, paymentEnabled = false): Promise<Frame> {
  await preparePage(path);
  const root = renderToStaticMarkup(
    <AppProviders config={{ ...defaultRuntimeConfig, brandName: aheadMarkers.brand, paymentEnabled }}>
      <Router ssrPath={path}>
        <AppRoutes />
      </Router>
    </AppProviders>,
  );
  return { root, title: takeTitleAhead() };
}

/**
 * renderHome is the home page's first frame as a visitor sees it. Only links work before the app
 * starts; there is no member data in it, so the page stays cacheable.
 */
export function renderHome(): Promise<Frame> {
  return renderFrame('/');
}

/** StepFrames are a step's first frame without payment and with it, whose copy may differ. */
export interface StepFrames {
  plain: Frame;
  payment: Frame;
}

/**
 * memberShaped are the steps of the main path whose first screen depends on more of the member than
 * their names: the score, their email and time zone. They get no frame.
 */
const memberShaped = new Set(['score-screen', 'account']);

/**
 * renderSteps renders the first frame of each step of the main path as a member sees it who stands
 * there for the first time: every required step before it answered, nothing from it on. The
 * server sends a step's frame only to such a member (survey.Definition.FirstVisit) who has no coach
 * yet, with their names and today's date in place of the markers. Its controls are inert until the
 * app takes over. Steps shown elsewhere (the account area), those in memberShaped, and those past
 * the coach chooser, which only a member with a coach may see, have none.
 */
export async function renderSteps(definition: SurveyDefinition): Promise<Record<string, StepFrames>> {
  const frames: Record<string, StepFrames> = {};
  const answered: SavedAnswers[] = [];
  const flow = flowOf(definition);
  const chooser = flow.indexOf(MEET_YOUR_COACH);
  for (const slug of chooser < 0 ? flow : flow.slice(0, chooser)) {
    const question = definition.questions[slug]!;
    if (!memberShaped.has(slug) && pathOfStep(slug) === surveyStepPath(slug)) {
      const render = async (paymentEnabled: boolean) => {
        provideInitialData({ me: memberAhead, definition, survey: surveyAhead(slug, answered) });
        return renderFrame(surveyStepPath(slug), paymentEnabled);
      };
      const plain = await render(false);
      // A render without the step's heading is not the step (a redirect, a loading screen): no frame.
      if (plain.root.includes('<h1')) frames[slug] = { plain, payment: await render(true) };
    }
    if (question.required) answered.push({ questionSlug: slug, answers: [answerAhead(slug, definition)], updatedAt: '' });
  }
  return frames;
}

/** monthNames are the names name-and-birth's month list gives, for the server's birthMonth. */
export function monthNames(): string[] {
  const words = surveyNameAndBirthMessages.languages[defaultLocale];
  return Array.from({ length: 12 }, (_, i) => words[`month.${i + 1}` as keyof typeof words]);
}

const memberAhead: MeResponse = {
  me: {
    userId: 'first-frame',
    email: '',
    emailVerified: false,
    firstName: aheadMarkers.profileFirstName,
    lastName: aheadMarkers.profileLastName,
    dateOfBirth: null,
    device: '',
    role: 'member',
    subscription: { planId: null, status: 'none' },
    pictureUrl: null,
  },
};

function surveyAhead(slug: string, answered: SavedAnswers[]): SurveyState {
  return { answers: [...answered], resumeAt: slug, score: null, highLikelihood: false, safetyHold: false, coachId: null, paid: false };
}

/**
 * answerAhead stands for a member's answer to a required step. Only name-and-birth's first name
 * shows on later steps (in their copy); of the others, all that shows is that there is one.
 */
function answerAhead(slug: string, definition: SurveyDefinition) {
  if (slug === NAME_AND_BIRTH) return { key: 'firstName', value: aheadMarkers.firstName };
  return { key: definition.questions[slug]!.answerVariants?.[0]?.key ?? '', value: '' };
}
