import Player from '@vimeo/player';
import { useEffect, useEffectEvent, useRef } from 'react';
import type { PlayerState } from './CoachMedia';
import { vimeoPlayerSrc } from './vimeo';

interface VimeoVideoProps {
  id: string;
  title: string;
  /** playing is true while this coach's slide is the one on show. */
  playing: boolean;
  onState: (state: PlayerState) => void;
}

/**
 * VimeoVideo is a coach's Vimeo video. This module carries the Vimeo player library and is loaded
 * only when such a video comes on screen. The iframe is ours, so the library needs no lookup at
 * vimeo.com first; the library only plays and pauses it.
 */
export default function VimeoVideo({ id, title, playing, onState }: VimeoVideoProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const player = useRef<Player | null>(null);
  const report = useEffectEvent((state: PlayerState) => onState(state));

  useEffect(() => {
    if (!frame.current) return;
    const p = new Player(frame.current);
    player.current = p;
    p.on('loaded', () => report('ready'));
    p.on('play', () => report('playing'));
    p.on('pause', () => report('paused'));
    p.on('bufferstart', () => report('buffering'));
    p.on('bufferend', () => report('playing'));
    p.on('ended', () => report('ended'));
    p.on('error', () => report('failed'));
    return () => {
      player.current = null;
      p.destroy().catch(() => {});
    };
  }, [id]);

  useEffect(() => {
    const p = player.current;
    if (!p) return;
    (playing ? p.play() : p.pause()).catch(() => {
      // The member's browser may refuse to start it; the player's own controls still work.
    });
  }, [playing, id]);

  return <iframe ref={frame} src={vimeoPlayerSrc(id)} title={title} allow="autoplay; fullscreen; picture-in-picture" allowFullScreen />;
}
