import { createServer, type AddressInfo } from 'node:net';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import Provider from 'oidc-provider';

// An external OpenID provider for the browser tests: panva's oidc-provider, a certified
// implementation nobody here wrote, configured as an operator would configure an outside issuer for
// Wayfinder. Its own development login page signs anyone in with any password; the login typed is
// the account's email, and the roles claim comes from the roles given here.

export type ExternalProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  audience: string;
  stop: () => Promise<void>;
};

export const rolesClaim = 'https://wayfinder.example/roles';

// freePort finds a port that was free a moment ago, for a server whose address must be known
// before it starts (the app's redirect URI is registered at the provider first).
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export async function startExternalProvider(opts: { appOrigin: string; roles?: Record<string, string[]> }): Promise<ExternalProvider> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const audience = `${opts.appOrigin}/api`;
  const clientId = 'wayfinder-web';
  const clientSecret = randomBytes(24).toString('hex');
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), alg: 'RS256', use: 'sig', kid: 'test' };
  const roles = opts.roles ?? {};

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${opts.appOrigin}/auth/callback`],
        post_logout_redirect_uris: [`${opts.appOrigin}/`],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    pkce: { required: () => true },
    // The ID token carries the email itself, as Auth0's do.
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ sub, email: sub, email_verified: true, name: sub, [rolesClaim]: roles[sub] ?? [] }),
    }),
    // Access tokens for the app's API are JWTs with its audience, and carry the roles claim.
    features: {
      devInteractions: { enabled: true },
      revocation: { enabled: true },
      rpInitiatedLogout: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({ scope: 'openid profile email offline_access', audience, accessTokenFormat: 'jwt' }),
      },
    },
    extraTokenClaims: (_ctx, token) => ('accountId' in token ? { [rolesClaim]: roles[token.accountId] ?? [] } : {}),
    // The operator's choice here: refresh tokens for this client whether or not the consent
    // screen was asked for, so the app's web sessions can outlive one access token.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    ttl: { AccessToken: 600, IdToken: 600, RefreshToken: 86400, Session: 86400, Grant: 86400, Interaction: 600 },
  });
  const server: Server = provider.listen(port, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    issuer,
    clientId,
    clientSecret,
    audience,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
