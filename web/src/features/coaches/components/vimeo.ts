// vimeoId reads the numeric id of a Vimeo video from its page or player address, or returns null
// when the address is not a Vimeo video.
export function vimeoId(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.protocol !== 'https:' || !/^(www\.|player\.)?vimeo\.com$/.test(u.hostname)) return null;
  const m = /^\/(?:video\/)?(\d{1,12})\/?$/.exec(u.pathname);
  return m?.[1] ?? null;
}

/**
 * vimeoPlayerSrc is the player's address: muted, captions on, and do-not-track, so Vimeo sets no
 * cookies and keeps no viewing record of our members.
 */
export function vimeoPlayerSrc(id: string): string {
  return `https://player.vimeo.com/video/${id}?muted=1&dnt=1&playsinline=1&texttrack=en&title=0&byline=0&portrait=0&autopause=0`;
}
