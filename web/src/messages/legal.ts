import { defineMessages } from '@/lib/messages';
import en from './en/legal.json';

/**
 * legalMessages is the copy of the legal pages: documents rather than interface copy, and long
 * ones, which load only with those pages.
 */
export const legalMessages = defineMessages({ en });
