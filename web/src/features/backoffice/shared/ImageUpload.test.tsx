import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ImageUpload, type ImageUploadProps } from './ImageUpload';
import { MAX_IMAGE_BYTES, checkImage } from './image-check';

function image(name: string, type: string, size = 1000): File {
  const file = new File([new Uint8Array(Math.min(size, 16))], name, { type });
  // A real 5 MB file would slow the test down; only its size matters here.
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function setup(props: Partial<ImageUploadProps> = {}) {
  const upload = vi.fn<(file: File) => Promise<void>>().mockResolvedValue(undefined);
  const user = userEvent.setup({ applyAccept: false });
  const view = render(
    <ImageUpload label="Profile picture" currentUrl={null} alt="Profile picture of Sam" upload={upload} failureText="Unable to upload profile picture" {...props} />,
  );
  return { upload, user, input: screen.getByLabelText('Profile picture'), ...view };
}

describe('checkImage', () => {
  it.each([
    ['image/jpeg', 10, null],
    ['image/png', MAX_IMAGE_BYTES, null],
    ['image/webp', 1, null],
    ['image/gif', 10, 'type'],
    ['', 10, 'type'],
    ['image/png', MAX_IMAGE_BYTES + 1, 'size'],
  ] as const)('%s of %d bytes: %s', (type, size, want) => {
    expect(checkImage({ type, size })).toBe(want);
  });
});

describe('ImageUpload', () => {
  it('offers a labelled file input that takes JPEG, PNG and WebP, and says so', () => {
    const { input } = setup();

    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    expect(input).toHaveAccessibleDescription('JPEG, PNG or WebP, up to 5 MB.');
    expect(screen.getByText('No picture yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove picture' })).not.toBeInTheDocument();
  });

  it('shows the current image with its description', () => {
    setup({ currentUrl: '/api/staff/members/u-1/picture?v=2' });

    expect(screen.getByRole('img', { name: 'Profile picture of Sam' })).toHaveAttribute('src', '/api/staff/members/u-1/picture?v=2');
  });

  it('sends a chosen image at once and says it is saved', async () => {
    const { upload, user, input } = setup();
    const file = image('me.png', 'image/png');

    await user.upload(input, file);

    expect(upload).toHaveBeenCalledExactlyOnceWith(file);
    expect(await screen.findByRole('status')).toHaveTextContent('Picture saved.');
  });

  it('shows the chosen image while it travels, then the stored one', async () => {
    const upload = vi.fn(() => new Promise<void>(() => undefined));
    const { user, input } = setup({ upload, currentUrl: '/old.jpg' });

    await user.upload(input, image('me.png', 'image/png'));

    await waitFor(() => expect(screen.getByRole('img', { name: 'Profile picture of Sam' }).getAttribute('src')).toMatch(/^data:image\/png;base64,/));
  });

  it('refuses another type in the browser, with the failure text and the reason, sending nothing', async () => {
    const { upload, user, input } = setup();

    await user.upload(input, image('me.gif', 'image/gif'));

    expect(screen.getByRole('alert')).toHaveTextContent('Unable to upload profile picture Please choose a JPEG, PNG or WebP image.');
    expect(upload).not.toHaveBeenCalled();
  });

  it('refuses an image over 5 MB in the browser, sending nothing', async () => {
    const { upload, user, input } = setup();

    await user.upload(input, image('big.jpg', 'image/jpeg', MAX_IMAGE_BYTES + 1));

    expect(screen.getByRole('alert')).toHaveTextContent('Please choose an image of 5 MB or less.');
    expect(upload).not.toHaveBeenCalled();
  });

  it('rests its controls while the image travels, then shows the failure text if the server refuses it', async () => {
    let refuse: (error: Error) => void = () => undefined;
    const upload = vi.fn(() => new Promise<void>((_, reject) => (refuse = reject)));
    const { user, input } = setup({ upload, remove: vi.fn(), currentUrl: '/p.jpg' });

    await user.upload(input, image('me.webp', 'image/webp'));

    expect(screen.getByRole('status')).toHaveTextContent('Uploading…');
    expect(input).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove picture' })).toBeDisabled();

    await act(() => {
      refuse(new Error('415'));
      return Promise.resolve();
    });

    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to upload profile picture');
    expect(input).toBeEnabled();
  });

  it('removes the image when asked', async () => {
    const remove = vi.fn<() => Promise<void>>().mockResolvedValue(undefined);
    const { user } = setup({ currentUrl: '/p.jpg', remove });

    await user.click(screen.getByRole('button', { name: 'Remove picture' }));

    expect(remove).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Picture removed.'));
  });

  it('says so when the removal fails', async () => {
    const remove = vi.fn<() => Promise<void>>().mockRejectedValue(new Error('500'));
    const { user } = setup({ currentUrl: '/p.jpg', remove });

    await user.click(screen.getByRole('button', { name: 'Remove picture' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The picture wasn’t removed. Please try again.');
  });
});
