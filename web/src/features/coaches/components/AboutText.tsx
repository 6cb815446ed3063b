import { useId, useLayoutEffect, useRef, useState } from 'react';
import { useT } from '@/lib/messages';
import { coachesMessages } from '@/messages/coaches';
import styles from './CoachCard.module.css';

/** COLLAPSED_HEIGHT is how much of About shows before Show more (spec §2: 100 px). */
export const COLLAPSED_HEIGHT = 100;

/**
 * AboutText is a coach's description, cut to 100 px with Show more / Hide when it is longer. Short
 * descriptions get no button. Screen readers hear the whole text either way; the button is for eyes.
 */
export function AboutText({ text }: { text: string }) {
  const t = useT(coachesMessages);
  const id = useId();
  const body = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [long, setLong] = useState(false);

  useLayoutEffect(() => {
    const el = body.current;
    if (!el) return;
    const measure = () => setLong(el.scrollHeight > COLLAPSED_HEIGHT + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [text]);

  const collapsed = long && !expanded;
  return (
    <div className={styles.about}>
      <div id={id} ref={body} className={styles.aboutText} data-collapsed={collapsed || undefined}>
        {text.split(/\n+/).map((paragraph, i) => (
          <p key={i}>{paragraph}</p>
        ))}
      </div>
      {long ? (
        <button type="button" className={styles.more} aria-expanded={expanded} aria-controls={id} onClick={() => setExpanded((e) => !e)}>
          {expanded ? t('hide') : t('showMore')}
        </button>
      ) : null}
    </div>
  );
}
