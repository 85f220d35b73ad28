/**
 * The renewals of one store's tokens: which token a renewal is being asked for right now, and which
 * token replaced which (in its saga context, `renewals`).
 *
 * A renewal revokes the token it renews. A request the page sent with that token while the renewal
 * was on its way, or while a renewal whose answer was lost is asked again (renewSaga), is refused
 * with 401, though the student's session lives on under the new token. The API saga (callApi) asks
 * here whether the refused token is being renewed, waits for that renewal to settle, and sends the
 * request again with the store's token only when it came from the refused one through renewals
 * (this tab's, or another tab's it adopted): never with the token of a later sign-in, which may be
 * another student's (docs/server.md "Renewal"). Also this tab's own renewal key where storage
 * refuses the shared one. Kept in memory, not in the store: DevTools shows the state, and these are
 * the tab's tokens.
 */

/** Replacements remembered: a session renews about every 20 minutes, so a few cover any request. */
const KEPT_REPLACEMENTS = 8;

export class TokenRenewals {
  readonly #settling = new Map<string, Promise<void>>();
  readonly #successor = new Map<string, string>();
  #ownKey: { token: string; key: string } | null = null;

  /** A renewal of `token` begins; call the returned function once it has settled, either way. */
  begin(token: string): () => void {
    let settle!: () => void;
    const settled = new Promise<void>((resolve) => {
      settle = resolve;
    });
    this.#settling.set(token, settled);
    return () => {
      if (this.#settling.get(token) === settled) this.#settling.delete(token);
      settle();
    };
  }

  /** Resolves once the renewal of `token` now under way has settled; undefined when none is. */
  settled(token: string): Promise<void> | undefined {
    return this.#settling.get(token);
  }

  /** `next` replaced `token` in the store: renewed here, or adopted from another tab's renewal. */
  replaced(token: string, next: string): void {
    if (token === next) return;
    this.#successor.delete(token);
    this.#successor.set(token, next);
    if (this.#successor.size > KEPT_REPLACEMENTS) this.#successor.delete(this.#successor.keys().next().value as string);
  }

  /**
   * This tab's own renewal key for `token` (made by `make` once per token), for when storage refuses
   * the sign-in's shared key (renewalKey.ts).
   */
  ownKeyFor(token: string, make: () => string): string {
    if (this.#ownKey?.token !== token) this.#ownKey = { token, key: make() };
    return this.#ownKey.key;
  }

  /** Whether `token` came from `ancestor` through one or more replacements. */
  descendsFrom(token: string, ancestor: string): boolean {
    let current = ancestor;
    for (let step = 0; step < KEPT_REPLACEMENTS; step += 1) {
      const next = this.#successor.get(current);
      if (next === undefined) return false;
      if (next === token) return true;
      current = next;
    }
    return false;
  }
}
