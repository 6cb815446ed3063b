import { describe, expect, it } from 'vitest';
import { vimeoId, vimeoPlayerSrc } from './vimeo';

describe('vimeoId', () => {
  it.each([
    ['https://vimeo.com/76979871', '76979871'],
    ['https://www.vimeo.com/76979871/', '76979871'],
    ['https://player.vimeo.com/video/76979871', '76979871'],
    ['http://vimeo.com/76979871', null],
    ['https://vimeo.com.evil.example/76979871', null],
    ['https://vimeo.com/channels/staffpicks', null],
    ['/media/coaches/maya-intro.mp4', null],
    ['', null],
  ])('%s → %s', (url, want) => {
    expect(vimeoId(url)).toBe(want);
  });
});

it('asks the player not to track', () => {
  expect(vimeoPlayerSrc('1')).toContain('dnt=1');
  expect(vimeoPlayerSrc('1')).toContain('muted=1');
});
