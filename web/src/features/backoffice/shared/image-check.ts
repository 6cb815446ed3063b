// The browser-side checks of an image before it is sent. The server checks again (and re-encodes
// every upload); checking here first spares a staff member a 5 MB upload that could only be refused.

/** acceptedImageTypes are the image types the server takes, as the file input's accept list. */
export const acceptedImageTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** MAX_IMAGE_BYTES is the largest image the server takes: 5 MB. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** ImageProblem says why an image can't be sent: the wrong type, or too large. */
export type ImageProblem = 'type' | 'size';

/** checkImage tells what stands in the way of sending a file, or null when it may be sent. */
export function checkImage(file: Pick<File, 'type' | 'size'>): ImageProblem | null {
  if (!(acceptedImageTypes as readonly string[]).includes(file.type)) return 'type';
  if (file.size > MAX_IMAGE_BYTES) return 'size';
  return null;
}
