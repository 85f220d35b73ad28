/**
 * SPEC §2: after login the user goes to the redirect address if present, otherwise /app.
 * Only same-site paths are honoured, so a crafted link cannot send a student elsewhere.
 */
export const DEFAULT_AFTER_LOGIN = '/app';

export function safeRedirect(value: string | null | undefined): string {
  if (!value) return DEFAULT_AFTER_LOGIN;
  // Must be an absolute path on this site: one leading slash, not '//' or '/\' (protocol-relative).
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return DEFAULT_AFTER_LOGIN;
  // Control characters and back-slashes are never part of a path we produce.
  if ([...value].some((ch) => ch === '\\' || ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) {
    return DEFAULT_AFTER_LOGIN;
  }
  // Never bounce back to the sign-in or sign-out pages.
  if (/^\/(login|signout)(?:[/?#]|$)/.test(value)) return DEFAULT_AFTER_LOGIN;
  return value;
}

/** The /login address that brings the user back to `wanted` after signing in. */
export function loginPathFor(wanted: string): string {
  return `/login?redirect=${encodeURIComponent(wanted)}`;
}
