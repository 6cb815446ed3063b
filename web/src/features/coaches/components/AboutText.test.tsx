import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AboutText } from './AboutText';

// jsdom lays nothing out, so the text's height is given here.
function textHeight(px: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(px);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('AboutText', () => {
  it('cuts a long text at 100 px and opens and closes it', async () => {
    textHeight(240);
    const user = userEvent.setup();
    render(<AboutText text={'First paragraph.\nSecond paragraph.'} />);

    const more = screen.getByRole('button', { name: 'Show more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    const body = document.getElementById(more.getAttribute('aria-controls') ?? '');
    expect(body).toHaveAttribute('data-collapsed');
    expect(screen.getByText('Second paragraph.')).toBeInTheDocument();

    await user.click(more);
    expect(screen.getByRole('button', { name: 'Hide' })).toHaveAttribute('aria-expanded', 'true');
    expect(body).not.toHaveAttribute('data-collapsed');

    await user.click(screen.getByRole('button', { name: 'Hide' }));
    expect(screen.getByRole('button', { name: 'Show more' })).toBeInTheDocument();
    expect(body).toHaveAttribute('data-collapsed');
  });

  it('has no button when the text fits', () => {
    textHeight(80);
    render(<AboutText text="Short." />);

    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
