import { lazy, Suspense, useEffect, useRef, useState, type RefObject, type SyntheticEvent } from 'react';
import { useT } from '@/lib/messages';
import { coachesMessages } from '@/messages/coaches';
import { prefersReducedMotion } from '@/components/layout/AppLayout';
import type { Coach } from '@/features/coaches/api/list-coaches';
import styles from './CoachMedia.module.css';
import { vimeoId } from './vimeo';

// React.lazy here, not lazyComponent as for pages: the fallback is each coach's own portrait, and
// Suspense's short hold-back before the player appears costs nothing a member would notice.
const VimeoVideo = lazy(() => import('./VimeoVideo'));

/** PlayerState follows spec §4's player states, plus failed for a video that cannot load. */
export type PlayerState = 'idle' | 'ready' | 'playing' | 'paused' | 'buffering' | 'ended' | 'failed';

interface CoachMediaProps {
  coach: Coach;
  /** onShow is true while the coach's slide is the one on show; only that video plays. */
  onShow: boolean;
}

/**
 * CoachMedia is the top of a coach's card: their intro video when they have one, otherwise their
 * portrait. Videos start muted with captions on, only while on show, and never by themselves for a
 * member who asked for less motion; they pause when the slide leaves or scrolls off the screen.
 */
export function CoachMedia({ coach, onShow: onSlide }: CoachMediaProps) {
  const t = useT(coachesMessages);
  // The player must also be on the screen: a member who scrolls down to read About has left it.
  const box = useRef<HTMLDivElement>(null);
  const onScreen = useOnScreen(box);
  const onShow = onSlide && onScreen;
  const name = `${coach.firstName} ${coach.lastName}`;
  const [state, setState] = useState<PlayerState>('idle');
  const vimeo = coach.introVideoUrl ? vimeoId(coach.introVideoUrl) : null;
  // A Vimeo player is created the first time its slide is on show, and then kept.
  const [vimeoWanted, setVimeoWanted] = useState(false);
  if (onShow && vimeo && !vimeoWanted) setVimeoWanted(true);

  let media;
  if (!coach.introVideoUrl || (coach.introVideoUrl && !vimeo && state === 'failed')) {
    media = <img className={styles.portrait} src={coach.avatarUrl} alt={t('portrait', { name })} width={360} height={360} decoding="async" />;
  } else if (vimeo) {
    media = vimeoWanted ? (
      <Suspense fallback={<img className={styles.portrait} src={coach.avatarUrl} alt="" width={360} height={360} />}>
        <VimeoVideo id={vimeo} title={t('video', { name })} playing={onShow && !prefersReducedMotion()} onState={setState} />
      </Suspense>
    ) : (
      <img className={styles.portrait} src={coach.avatarUrl} alt={t('portrait', { name })} width={360} height={360} decoding="async" />
    );
  } else {
    media = <FileVideo coach={coach} title={t('video', { name })} onShow={onShow} onState={setState} />;
  }

  return (
    <div ref={box} className={styles.media} data-player-state={state}>
      {media}
      {state === 'buffering' ? (
        <p className={styles.status} role="status">
          {t('videoLoading')}
        </p>
      ) : null}
      {state === 'failed' && !vimeo ? (
        <p className={styles.note} role="status">
          {t('videoFailed', { firstName: coach.firstName })}
        </p>
      ) : null}
    </div>
  );
}

interface FileVideoProps {
  coach: Coach;
  title: string;
  onShow: boolean;
  onState: (state: PlayerState) => void;
}

/** FileVideo plays a video file the coach's media is stored as, with the portrait as its poster. */
function FileVideo({ coach, title, onShow, onState }: FileVideoProps) {
  const t = useT(coachesMessages);
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const v = video.current;
    if (!v) return;
    if (onShow && !prefersReducedMotion()) {
      v.play().catch(() => {
        // Autoplay was refused (a power-saving mode, say): the controls are there to start it.
      });
    } else if (!v.paused) {
      v.pause();
    }
  }, [onShow]);

  // Captions are on from the start: the video is muted, and many members watch without sound.
  const showCaptions = (event: SyntheticEvent<HTMLVideoElement>) => {
    for (const track of Array.from(event.currentTarget.textTracks)) track.mode = 'showing';
  };

  return (
    <video
      ref={video}
      className={styles.video}
      src={coach.introVideoUrl}
      poster={coach.avatarUrl}
      title={title}
      aria-label={title}
      muted
      playsInline
      controls
      preload={onShow ? 'auto' : 'none'}
      crossOrigin={coach.captionsUrl && new URL(coach.captionsUrl, location.href).origin !== location.origin ? 'anonymous' : undefined}
      onLoadedMetadata={showCaptions}
      onLoadedData={() => onState('ready')}
      onPlaying={() => onState('playing')}
      onPause={() => onState('paused')}
      onWaiting={() => onState('buffering')}
      onEnded={() => onState('ended')}
      onError={() => onState('failed')}
    >
      {coach.captionsUrl ? <track kind="captions" src={coach.captionsUrl} srcLang="en" label={t('captionsLabel')} default /> : null}
    </video>
  );
}

/** useOnScreen tells whether at least half of an element is within the viewport. */
function useOnScreen(ref: RefObject<HTMLElement | null>): boolean {
  const [onScreen, setOnScreen] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new IntersectionObserver(([entry]) => setOnScreen(entry?.isIntersecting ?? false), { threshold: 0.5 });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return onScreen;
}
