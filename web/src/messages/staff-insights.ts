import { defineMessages } from '@/lib/messages';
import en from './en/staff-insights.json';

/** staffInsightsMessages is the copy of the Insights page: the sign-up funnel and the campaigns. */
export const staffInsightsMessages = defineMessages({ en });
