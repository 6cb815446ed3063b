import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Illustration, illustrationUrl } from './Illustration';

// The illustration keys of the survey definition (spec §2).
const keys = [
  'ios-only',
  'progress-basic',
  'did-you-know-currently-diagnosed',
  'process-personalize',
  'did-you-know-coaching',
  'did-you-know-cbt',
  'progress-coach',
  'plan-recommendation',
];

describe('Illustration', () => {
  // The component's address list is built from the files on disk, so an address means a file.
  it.each(keys)('has a picture for %s', (key) => {
    expect(illustrationUrl(key)).toMatch(new RegExp(`${key}.*\\.svg`));
  });

  it('shows a known picture as a decorative image of a fixed size', () => {
    const { container } = render(<Illustration name="did-you-know-cbt" />);

    // Empty alt text takes the picture out of the accessibility tree, so it has no img role.
    const img = container.querySelector('img');
    expect(img).toHaveAttribute('alt', '');
    expect(img?.getAttribute('src')).toMatch(/did-you-know-cbt.*\.svg/);
    expect(img).toHaveAttribute('width', '320');
    expect(img).toHaveAttribute('height', '200');
  });

  it('shows nothing for a key it does not know', () => {
    const { container } = render(<Illustration name="no-such-picture" />);

    expect(container).toBeEmptyDOMElement();
  });
});
