// A real OpenID Connect provider (oidc-provider) for the sign-in tests, and a browser-like client that
// follows redirects with a cookie jar. The provider's login and consent steps are completed in code
// for the account named by `signInAs`.
import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';

export interface TestAccount {
  sub: string;
  email: string;
  given_name: string;
  family_name: string;
  /** Whether the provider vouches for the email (default true). */
  email_verified?: boolean;
}

export interface TestProvider {
  issuer: string;
  signInAs(account: TestAccount): void;
  close(): Promise<void>;
}

export async function startProvider(port: number, clientId: string, clientSecret: string, redirectUris: string[]): Promise<TestProvider> {
  const issuer = `http://127.0.0.1:${port}`;
  const accounts = new Map<string, TestAccount>();
  let current: TestAccount | null = null;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name'] },
    // Put the profile and email claims in the ID token itself (as common providers do).
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    cookies: { keys: ['brieflink-test-cookie-key'] },
    ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx: unknown, sub: string) => {
      const a = accounts.get(sub);
      if (!a) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ email_verified: true, ...a, name: `${a.given_name} ${a.family_name}` }),
      };
    },
  });
  const handle = provider.callback();
  const server: Server = createServer((req, res) => {
    if (!req.url?.startsWith('/interaction/')) return handle(req, res);
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      if (!current) throw new Error('no account chosen for sign-in');
      const grant = details.grantId
        ? (await provider.Grant.find(details.grantId))!
        : new provider.Grant({ accountId: current.sub, clientId: details.params.client_id! });
      grant.addOIDCScope(details.params.scope ?? 'openid');
      grant.addOIDCClaims(details.prompt.details.missingOIDCClaims ?? []);
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: current.sub }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    })().catch((err: Error) => {
      res.statusCode = 500;
      res.end(err.message);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    issuer,
    signInAs(account) {
      accounts.set(account.sub, account);
      current = account;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Cookies by name (the provider and the app are both on 127.0.0.1; their cookie names differ). */
export class CookieJar {
  private cookies = new Map<string, string>();

  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => {
        const [k, v] = a.trim().split('=');
        return (k!.toLowerCase() === 'max-age' && Number(v) <= 0) || (k!.toLowerCase() === 'expires' && Date.parse(v!) < Date.now());
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** GETs `url` and follows redirects like a browser; returns every URL visited and the last response. */
export async function browse(url: string, jar: CookieJar, hops = 20): Promise<{ visited: string[]; res: Response }> {
  const visited: string[] = [];
  let next = url;
  for (let i = 0; i < hops; i++) {
    visited.push(next);
    const res = await fetch(next, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(res);
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      next = new URL(location, next).href;
      continue;
    }
    return { visited, res };
  }
  throw new Error(`too many redirects: ${visited.join(' → ')}`);
}
