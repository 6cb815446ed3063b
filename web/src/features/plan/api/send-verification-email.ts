import { apiClient, isHttpStatus } from '@/lib/api-client';
import { problemDetail } from '@/lib/problem';

// POST /api/user/verification-email: emails the member a new link to confirm their address, which
// checkout needs where the server asks for it (emailVerificationRequired in the plans). It is not
// repeated on failure: the member decides to ask again.

/**
 * VerificationEmailError is a link that was not sent: limited (429: a few went out in the last
 * hour), refused (409: the address is confirmed already, or no email can be sent from here), or
 * failed (anything else). detail is the server's reason in plain words, or "".
 */
export class VerificationEmailError extends Error {
  readonly kind: 'limited' | 'refused' | 'failed';
  readonly detail: string;

  constructor(kind: 'limited' | 'refused' | 'failed', detail = '', cause?: unknown) {
    super(detail || `Verification email ${kind}`, { cause });
    this.name = 'VerificationEmailError';
    this.kind = kind;
    this.detail = detail;
  }
}

export async function sendVerificationEmail(): Promise<void> {
  try {
    await apiClient.post('user/verification-email');
  } catch (error) {
    if (isHttpStatus(error, 429)) throw new VerificationEmailError('limited', await problemDetail(error), error);
    if (isHttpStatus(error, 409)) throw new VerificationEmailError('refused', await problemDetail(error), error);
    throw new VerificationEmailError('failed', '', error);
  }
}
