import { useId, type ReactNode } from 'react';
import admin from '@/features/backoffice/admin/admin.module.css';
import styles from './InsightsPage.module.css';

interface ReportTableProps {
  caption: string;
  /** head is the header cells of the columns before the numbers. */
  head: ReactNode;
  /** numbers are the headers of the number columns, in order. */
  numbers: string[];
  children: ReactNode;
}

/**
 * ReportTable is one of the reports' tables: its caption for screen readers, the leading columns'
 * headers, then the number columns', right-aligned. On a phone it scrolls sideways in its own
 * region, which a keyboard can reach.
 */
export function ReportTable({ caption, head, numbers, children }: ReportTableProps) {
  const captionId = useId();
  return (
    <div className={admin.tableScroll} role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={`${admin.table} ${styles.table}`}>
        <caption id={captionId} className="visually-hidden">
          {caption}
        </caption>
        <thead>
          <tr>
            {head}
            {numbers.map((label) => (
              <th key={label} scope="col" className={styles.number}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
