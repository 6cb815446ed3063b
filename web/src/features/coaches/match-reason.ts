import type { CoachMatch } from './api/list-coaches';

// The one plain-words reason shown with the recommended coach, from the server's match
// ("Specializes in time management; in your time zone"). Only the first two topics are named:
// one short line reads better than a list.

interface ReasonCopy {
  topics: (topics: string) => string;
  sameZone: string;
  nearZone: string;
  and: string;
}

/** midSentence writes a tag as it reads inside a sentence: "Time management" → "time management", "ADHD education" unchanged. */
export function midSentence(tag: string): string {
  return /^\p{Lu}\p{Ll}/u.test(tag) ? tag.charAt(0).toLowerCase() + tag.slice(1) : tag;
}

/** matchReason puts a coach's match into words, or returns '' when the match gives no reason. */
export function matchReason(match: CoachMatch, copy: ReasonCopy): string {
  const parts: string[] = [];
  const topics = match.topics.slice(0, 2).map(midSentence);
  if (topics.length > 0) parts.push(copy.topics(topics.join(copy.and)));
  if (match.sameTimeZone) parts.push(copy.sameZone);
  else if (match.nearTimeZone) parts.push(copy.nearZone);
  const text = parts.join('; ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
