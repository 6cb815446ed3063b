import { Button } from '@/components/button/Button';
import shared from './StaffPage.module.css';

/** PagedQuery is what MoreEntries needs of an infinite query. */
interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

interface MoreEntriesProps {
  query: PagedQuery;
  /** more, loading and failed are the page's words for the button, its wait and a failed page. */
  more: string;
  loading: string;
  failed: string;
}

/**
 * MoreEntries ends a staff list that comes in pages: a word if the last page failed, and the button
 * that asks for the next one, which takes no second press while it loads.
 */
export function MoreEntries({ query, more, loading, failed }: MoreEntriesProps) {
  return (
    <>
      {query.isFetchNextPageError ? (
        <p className={shared.fieldError} role="alert">
          {failed}
        </p>
      ) : null}
      {query.hasNextPage ? (
        <div>
          <Button
            variant="secondary"
            onClick={() => {
              if (!query.isFetchingNextPage) void query.fetchNextPage();
            }}
            aria-disabled={query.isFetchingNextPage || undefined}
          >
            {query.isFetchingNextPage ? loading : more}
          </Button>
        </div>
      ) : null}
    </>
  );
}
