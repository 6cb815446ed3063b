import { createContext } from 'react';
import type { QueryClient } from '@tanstack/react-query';

/**
 * QueryClientBox holds the page's one query client. The client's code (TanStack Query) is not part
 * of the main bundle, as the home page's first screen reads no data: the box is, and the first part
 * of the app that reads data makes the client in it (lib/queries.tsx), so every later part shares
 * that client and its cache.
 */
export class QueryClientBox {
  #client: QueryClient | undefined;

  /** get returns the box's client, made by make the first time. */
  get(make: () => QueryClient): QueryClient {
    this.#client ??= make();
    return this.#client;
  }
}

/** QueryClientBoxContext carries the box from AppProviders to the parts of the app that read data. */
export const QueryClientBoxContext = createContext(new QueryClientBox());
