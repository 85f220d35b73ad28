/**
 * The relying party, on `openid-client` (no hand-written OAuth): discovery, the authorization code
 * flow with PKCE, state and nonce, and an ID token checked against the provider's published keys
 * (signature, issuer, audience, expiry, nonce). Each provider's discovered metadata and keys are
 * kept for the life of the process; a provider that cannot be reached is tried again next time.
 */
import * as oidc from 'openid-client';
import { SSO_PROVIDER_NAMES, type SsoProblemReason, type SsoProviderId, type SsoProviderInfo } from '../../common/sso';
import type { SsoProviderConfig } from './config';

/** A refused sign-in: the reason picks the sentence the person reads (common/sso.ts). */
export class SsoProblem extends Error {
  constructor(
    readonly reason: SsoProblemReason,
    detail?: string,
  ) {
    super(detail ?? reason);
  }
}

/** What a sign-in tells about the person, from the ID token (and userinfo where there is one). */
export interface SignInClaims {
  provider: SsoProviderId;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  sourcedId: string | null;
  givenName: string | null;
  familyName: string | null;
  /** the provider's role claim (Clever user_type, ClassLink Role …), lower-case, when it sends one */
  role: string | null;
}

export interface PendingChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The OIDC parameters of a new sign-in. */
export function newChecks(): PendingChecks {
  return { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
}

const isLoopbackHttp = (issuer: string): boolean => /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?(\/|$)/.test(issuer);

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

export class RelyingParty {
  private readonly metadata = new Map<SsoProviderId, oidc.ServerMetadata>();
  private readonly jwks = new Map<SsoProviderId, oidc.ExportedJWKSCache>();

  /**
   * @param providers the deployment's providers
   * @param publicUrl where the browser reaches the app: redirect URIs start with it
   * @param now the time ID tokens are judged at (epoch ms); the machine's clock by default
   */
  constructor(
    private readonly providers: readonly SsoProviderConfig[],
    private readonly publicUrl: string,
    private readonly now: () => number = Date.now,
  ) {}

  list(): SsoProviderInfo[] {
    return this.providers.map((p) => ({ id: p.id, name: SSO_PROVIDER_NAMES[p.id] }));
  }

  find(id: string): SsoProviderConfig | undefined {
    return this.providers.find((p) => p.id === id);
  }

  redirectUri(id: SsoProviderId): string {
    return `${this.publicUrl}/api/sso/callback/${id}`;
  }

  private async configuration(provider: SsoProviderConfig): Promise<oidc.Configuration> {
    // the ID token is judged at this party's time (the tests move it)
    const metadata = { client_secret: provider.clientSecret, [oidc.clockSkew]: Math.round((this.now() - Date.now()) / 1000) };
    const auth = oidc.ClientSecretBasic(provider.clientSecret);
    let config: oidc.Configuration;
    const known = this.metadata.get(provider.id);
    if (known) {
      config = new oidc.Configuration(known, provider.clientId, metadata, auth);
      if (isLoopbackHttp(provider.issuer)) oidc.allowInsecureRequests(config);
    } else {
      try {
        config = await oidc.discovery(new URL(provider.issuer), provider.clientId, metadata, auth, {
          // plain http only for a provider on this machine (the local one of development and demo)
          ...(isLoopbackHttp(provider.issuer) ? { execute: [oidc.allowInsecureRequests] } : {}),
          timeout: 10,
        });
      } catch (error) {
        throw new SsoProblem('unavailable', `discovery of ${provider.issuer} failed: ${(error as Error).message}`);
      }
      this.metadata.set(provider.id, config.serverMetadata());
    }
    // the ID token's signature is checked against the provider's published keys, not only TLS
    oidc.enableNonRepudiationChecks(config);
    const keys = this.jwks.get(provider.id);
    if (keys) oidc.setJwksCache(config, keys);
    return config;
  }

  /** The provider's authorization address for a new sign-in. */
  async authorizationUrl(provider: SsoProviderConfig, checks: PendingChecks, loginHint?: string): Promise<URL> {
    const config = await this.configuration(provider);
    return oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri(provider.id),
      scope: 'openid email profile',
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
      // the next student on a shared computer picks their own account
      prompt: 'select_account',
      ...(loginHint ? { login_hint: loginHint } : {}),
    });
  }

  /** Trades the code for tokens and checks them; throws SsoProblem. */
  async finish(provider: SsoProviderConfig, query: string, checks: PendingChecks): Promise<SignInClaims> {
    const config = await this.configuration(provider);
    const currentUrl = new URL(`${this.redirectUri(provider.id)}?${query}`);
    let claims: Record<string, unknown>;
    let accessToken: string | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedNonce: checks.nonce,
        expectedState: checks.state,
        idTokenExpected: true,
      });
      claims = { ...(tokens.claims() ?? {}) };
      accessToken = tokens.access_token;
    } catch (error) {
      throw this.problemOf(error);
    } finally {
      const keys = oidc.getJwksCache(config);
      if (keys) this.jwks.set(provider.id, keys);
    }
    const subject = text(claims.sub);
    if (!subject) throw new SsoProblem('token', 'no subject');
    // Clever and ClassLink tell more at userinfo; its subject must be the ID token's (checked)
    if (accessToken && config.serverMetadata().userinfo_endpoint) {
      try {
        const info = await oidc.fetchUserInfo(config, accessToken, subject);
        claims = { ...info, ...claims };
      } catch {
        // the ID token alone is enough to go on
      }
    }
    const verified = claims.email_verified;
    return {
      provider: provider.id,
      subject,
      email: text(claims.email)?.toLowerCase() ?? null,
      emailVerified: verified === true || verified === 'true',
      sourcedId: provider.sourcedIdClaim ? text(claims[provider.sourcedIdClaim]) : null,
      givenName: text(claims.given_name),
      familyName: text(claims.family_name),
      role: (text(claims.user_type) ?? text(claims.Role) ?? text(claims.role))?.toLowerCase() ?? null,
    };
  }

  private problemOf(error: unknown): SsoProblem {
    if (error instanceof SsoProblem) return error;
    if (error instanceof oidc.AuthorizationResponseError) return new SsoProblem('provider-error', error.error);
    // invalid_grant: the code was used already, expired, or was not for this verifier
    if (error instanceof oidc.ResponseBodyError) return new SsoProblem('code', error.error);
    if (error instanceof TypeError) return new SsoProblem('unavailable', error.message);
    return new SsoProblem('token', (error as Error).message);
  }
}
