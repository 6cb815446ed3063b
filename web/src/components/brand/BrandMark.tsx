import styles from './BrandMark.module.css';

// BrandMark is the product's compass mark. It is decorative: the brand name always sits next to
// it as text, so the graphic is hidden from screen readers.
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg className={styles.mark} width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle className={styles.disc} cx="16" cy="16" r="16" />
      <path className={styles.north} d="M16 4.5 20.6 16 16 14.2 11.4 16Z" />
      <path className={styles.south} d="M16 27.5 11.4 16 16 17.8 20.6 16Z" />
    </svg>
  );
}
