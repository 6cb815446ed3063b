import { defineMessages } from '@/lib/messages';
import en from './en/survey-testimonials.json';

/**
 * surveyTestimonialsMessages is the copy of the testimonials step: illustrative stories, written
 * for this product, which load with that step.
 */
export const surveyTestimonialsMessages = defineMessages({ en });
