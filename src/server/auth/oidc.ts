// OpenID Connect sign-in (authorization code + PKCE + state + nonce) through openid-client.
// The provider's metadata is discovered on first use, so the server starts even when it is down.
import * as client from 'openid-client';
import type { OidcConfig } from '../config.ts';
import { AppError } from '../errors.ts';

export interface OidcTransaction {
  verifier: string;
  state: string;
  nonce: string;
}

export interface OidcIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  picture: string | null;
}

export class OidcClient {
  private discovered: Promise<client.Configuration> | null = null;

  constructor(private readonly settings: OidcConfig) {}

  private configuration(): Promise<client.Configuration> {
    if (!this.discovered) {
      const issuer = new URL(this.settings.issuer);
      const insecure = issuer.protocol === 'http:';
      this.discovered = client
        .discovery(
          issuer,
          this.settings.clientId,
          undefined,
          client.ClientSecretBasic(this.settings.clientSecret),
          insecure ? { execute: [client.allowInsecureRequests] } : undefined,
        )
        .catch((err: unknown) => {
          this.discovered = null;
          throw new AppError('unavailable', `The sign-in provider is not reachable (${(err as Error).message})`);
        });
    }
    return this.discovered;
  }

  async authorizationUrl(redirectUri: string): Promise<{ url: URL; transaction: OidcTransaction }> {
    const config = await this.configuration();
    const verifier = client.randomPKCECodeVerifier();
    const transaction = { verifier, state: client.randomState(), nonce: client.randomNonce() };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: transaction.state,
      nonce: transaction.nonce,
    });
    return { url, transaction };
  }

  /** Exchanges the code; the identity comes from the verified ID token's claims. */
  async complete(currentUrl: URL, transaction: OidcTransaction): Promise<OidcIdentity> {
    const config = await this.configuration();
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: transaction.verifier,
        expectedState: transaction.state,
        expectedNonce: transaction.nonce,
        idTokenExpected: true,
      });
    } catch (err) {
      throw new AppError('unauthorized', `Sign-in failed: ${(err as Error).message}`);
    }
    const claims = tokens.claims();
    if (!claims) throw new AppError('unauthorized', 'Sign-in failed: the provider sent no ID token');
    const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
    let firstName = text(claims.given_name);
    let lastName = text(claims.family_name);
    const full = text(claims.name);
    if (!firstName && !lastName && full) {
      const parts = full.split(/\s+/);
      firstName = parts.shift() ?? null;
      lastName = parts.join(' ') || null;
    }
    return {
      subject: `${claims.iss}|${claims.sub}`,
      email: text(claims.email)?.toLowerCase() ?? null,
      emailVerified: claims.email_verified === true,
      firstName,
      lastName,
      picture: text(claims.picture),
    };
  }
}
