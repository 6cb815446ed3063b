import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useT } from '@/lib/messages';
import { coachesMessages } from '@/messages/coaches';
import { Button } from '@/components/button/Button';
import { FailureText } from '@/components/failure/FailureText';
import { prefersReducedMotion } from '@/components/layout/AppLayout';
import { Notification } from '@/components/notification/Notification';
import { usePageTitle } from '@/components/layout/usePageTitle';
import { chooseCoach } from '@/features/coaches/api/choose-coach';
import { RefusedError } from '@/features/coaches/api/refused';
import { coachesQueryOptions, useCoaches, type Coach } from '@/features/coaches/api/list-coaches';
import { CoachCard } from './CoachCard';
import styles from './CoachChooser.module.css';

/** Chosen says how a choice went, for whoever decides what follows it. */
export interface ChosenProps {
  /**
   * onChosen is told the choice once it is saved, or once saving it failed for a reason other than
   * a refusal (spec §4: the member moves on either way). It returns "app" when the native app has
   * taken over, and "not-saved" when what follows needs the choice saved, for the chooser to say so.
   */
  onChosen: (coachId: string, saved: boolean) => 'app' | 'not-saved' | void;
  /** onRefused is told when the server refused the choice (409), after the chooser has shown why. */
  onRefused: () => void;
}

/**
 * CoachChooser is the coach chooser (spec §2): a looping carousel of the coaches with room for the
 * member, the best match first. Slides are 100% wide on small screens (under 640 px), 50% on
 * medium ones (under 1024 px) and a third wider than that (see CoachChooser.module.css). The slide
 * in the centre is the one on show: only its video plays. Slides not fully in view are inert, so
 * the keyboard and screen readers meet only what the eye can see; the arrow buttons, the arrow keys
 * and swiping move through the coaches.
 */
export function CoachChooser({ onChosen, onRefused }: ChosenProps) {
  const t = useT(coachesMessages);
  usePageTitle(t('title'));
  const coaches = useCoaches();
  // The list refused: the journey may have closed on another device, so its state is read again.
  const listRefused = coaches.error instanceof RefusedError;
  useEffect(() => {
    if (listRefused) onRefused();
  }, [listRefused, onRefused]);

  return (
    <div className={styles.chooser}>
      <header className={styles.intro}>
        <h1>{t('title')}</h1>
        <p className={styles.lead}>{t('intro')}</p>
      </header>
      {coaches.isPending ? (
        <p className={styles.loading} role="status">
          <span className={styles.spinner} aria-hidden="true" />
          {t('loading')}
        </p>
      ) : coaches.isError ? (
        <div className={styles.error}>
          <Notification tone="error" title={t('errorTitle')}>
            <FailureText error={coaches.error} text={coaches.error instanceof RefusedError && coaches.error.detail ? coaches.error.detail : undefined} />
          </Notification>
          <div>
            <Button variant="secondary" onClick={() => void coaches.refetch()}>
              {t('retry')}
            </Button>
          </div>
        </div>
      ) : coaches.data.length === 0 ? (
        <Notification title={t('none')} />
      ) : (
        <Carousel coaches={coaches.data} onChosen={onChosen} onRefused={onRefused} />
      )}
    </div>
  );
}

function Carousel({ coaches, onChosen, onRefused }: { coaches: Coach[] } & ChosenProps) {
  const t = useT(coachesMessages);
  const queryClient = useQueryClient();
  const reduced = prefersReducedMotion();
  const [viewport, embla] = useEmblaCarousel({ loop: true, align: 'center', inViewThreshold: 0.9, duration: reduced ? 10 : 25 });
  const [selected, setSelected] = useState(0);
  const [inView, setInView] = useState<number[]>([0]);
  const [announced, setAnnounced] = useState(false);
  const [choosing, setChoosing] = useState<string | null>(null);
  const [handedToApp, setHandedToApp] = useState(false);
  const [refusal, setRefusal] = useState('');
  // The member chose from a card they may have scrolled down; what the choice led to is shown
  // above the carousel, so it is brought into view.
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (refusal || handedToApp) notice.current?.scrollIntoView({ block: 'nearest', behavior: reduced ? 'auto' : 'smooth' });
  }, [refusal, handedToApp, reduced]);

  useEffect(() => {
    if (!embla) return;
    const sync = () => {
      setSelected(embla.selectedScrollSnap());
      setInView(embla.slidesInView());
    };
    sync();
    embla.on('select', sync).on('slidesInView', sync).on('reInit', sync);
    return () => {
      embla.off('select', sync).off('slidesInView', sync).off('reInit', sync);
    };
  }, [embla]);

  const go = useCallback(
    (direction: -1 | 1) => {
      if (!embla) return;
      setAnnounced(true);
      if (direction < 0) embla.scrollPrev(reduced);
      else embla.scrollNext(reduced);
    },
    [embla, reduced],
  );

  const onKeyDown = (event: KeyboardEvent) => {
    // A video's own controls use the arrow keys to seek.
    if (event.target instanceof HTMLVideoElement || event.target instanceof HTMLIFrameElement) return;
    if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'ArrowRight') go(1);
    else return;
    event.preventDefault();
  };

  const choose = async (coach: Coach) => {
    setChoosing(coach.coachId);
    setRefusal('');
    let saved = true;
    try {
      await chooseCoach(coach.coachId);
      // The pages after the chooser name the member's coach; they read the list afresh.
      void queryClient.invalidateQueries({ queryKey: coachesQueryOptions().queryKey });
    } catch (error) {
      if (error instanceof RefusedError) {
        // A refusal is not a failure to move on from: the coach has no room, or the member's
        // journey has not reached the coaches. The server says which, in words to show.
        setRefusal(error.detail || t('refused'));
        setChoosing(null);
        void queryClient.invalidateQueries({ queryKey: coachesQueryOptions().queryKey });
        onRefused();
        return;
      }
      // The member moves on either way (spec §4); the coach can be chosen again in the app.
      console.error('Choosing the coach failed', error);
      saved = false;
    }
    const outcome = onChosen(coach.coachId, saved);
    if (outcome === 'app') setHandedToApp(true);
    if (outcome === 'not-saved') setRefusal(t('notSaved'));
    if (outcome) setChoosing(null);
  };

  const total = coaches.length;
  return (
    <section className={styles.carousel} aria-roledescription={t('carouselRole')} aria-label={t('carouselLabel')} onKeyDown={onKeyDown}>
      <div className={styles.controls}>
        <Button variant="secondary" className={styles.arrow} onClick={() => go(-1)} aria-label={t('previous')}>
          <Arrow direction="left" />
        </Button>
        <p className={styles.position} aria-live={announced ? 'polite' : 'off'} aria-atomic="true">
          {t('position', { n: selected + 1, total })}
        </p>
        <Button variant="secondary" className={styles.arrow} onClick={() => go(1)} aria-label={t('next')}>
          <Arrow direction="right" />
        </Button>
      </div>
      {choosing ? (
        <p className="visually-hidden" role="status">
          {t('choosing')}
        </p>
      ) : null}
      {handedToApp || refusal ? (
        <div ref={notice} className={styles.notice}>
          {handedToApp ? <Notification title={t('handedToApp')} /> : null}
          {refusal ? (
            <Notification tone="error" title={t('refusedTitle')}>
              {refusal}
            </Notification>
          ) : null}
        </div>
      ) : null}
      <div className={styles.viewport} ref={viewport}>
        <div className={styles.track}>
          {coaches.map((coach, i) => {
            const visible = inView.includes(i);
            return (
              <div
                key={coach.coachId}
                className={styles.slide}
                role="group"
                aria-roledescription={t('slideRole')}
                aria-label={t('slideLabel', { n: i + 1, total, name: `${coach.firstName} ${coach.lastName}` })}
                inert={!visible}
              >
                <CoachCard
                  coach={coach}
                  onShow={i === selected}
                  busy={choosing !== null}
                  saving={choosing === coach.coachId}
                  onChoose={(c) => void choose(c)}
                />
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}

function Arrow({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path
        d={direction === 'left' ? 'M12.5 4 6.5 10l6 6' : 'M7.5 4l6 6-6 6'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
