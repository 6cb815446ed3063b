import styles from './Illustration.module.css';

// Each illustration is its own hashed SVG file, fetched by the browser as an image: the app's code
// carries only the list of their addresses, and a step pays for its own picture only.
const urls = import.meta.glob<string>('../illustrations/*.svg', { query: '?url', import: 'default', eager: true });

/** illustrationUrl returns the address of an illustration by its key (spec §2), or undefined. */
export function illustrationUrl(name: string): string | undefined {
  return urls[`../illustrations/${name}.svg`];
}

/**
 * Illustration shows a step's picture. It is decoration (the heading carries the meaning), so it
 * has empty alt text; its size is fixed up front so the page doesn't jump when it arrives.
 */
export function Illustration({ name }: { name: string }) {
  const url = illustrationUrl(name);
  if (!url) return null;
  return <img className={styles.illustration} src={url} alt="" width={320} height={200} decoding="async" />;
}
