import { useCallback, useEffect, useState } from 'react';
import type { MemberSearch } from './api/search-members';

// The members list remembers, for this tab, what was searched and which page was open, so coming
// back from a member's page shows the same list. It is kept in sessionStorage rather than in the
// address: a name or an email in a URL would end up in browser history and server logs.

const STORAGE_KEY = 'wayfinder.staff.memberSearch';

interface SearchState {
  q: string;
  /** pages is the trail of cursors walked through: "" for the first page, then each next. */
  pages: string[];
}

const start: SearchState = { q: '', pages: [''] };

function isSearchState(value: unknown): value is SearchState {
  if (typeof value !== 'object' || value === null) return false;
  const { q, pages } = value as Record<string, unknown>;
  return typeof q === 'string' && Array.isArray(pages) && pages.length > 0 && pages.every((p) => typeof p === 'string');
}

function load(): SearchState {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null');
    return isSearchState(saved) ? saved : start;
  } catch {
    return start;
  }
}

export interface MemberSearchControls {
  search: MemberSearch;
  /** page is the page's number, from 1. */
  page: number;
  /** submit searches for q from the first page. */
  submit: (q: string) => void;
  next: (cursor: string) => void;
  previous: () => void;
}

export function useMemberSearch(): MemberSearchControls {
  const [state, setState] = useState<SearchState>(load);

  useEffect(() => {
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(state));
    } catch {
      // Storage is off or full: the list then starts afresh next time, which is fine.
    }
  }, [state]);

  const submit = useCallback((q: string) => setState({ q: q.trim(), pages: [''] }), []);
  const next = useCallback((cursor: string) => setState((s) => ({ ...s, pages: [...s.pages, cursor] })), []);
  const previous = useCallback(() => setState((s) => (s.pages.length > 1 ? { ...s, pages: s.pages.slice(0, -1) } : s)), []);

  return { search: { q: state.q, after: state.pages.at(-1) ?? '' }, page: state.pages.length, submit, next, previous };
}
