/**
 * Proxy paths: one strict normal form, checked before anything is routed or sent upstream.
 * Refused: anything not starting with a single '/', '.' or '..' segments, '//', backslashes, '@',
 * '?', '#', whitespace, full URLs, and encoded (or double-encoded) dots, slashes, backslashes, '@' or NULs.
 */
export const MAX_PATH_LENGTH = 2048;

const ALLOWED = /^\/[A-Za-z0-9\-._~!$&'()*+,;=:%/]*$/;
// also double (or more) encoded: "%252e" is a "%2e" to any upstream that decodes once more
const FORBIDDEN_ESCAPES = /%(?:25)*(?:2e|2f|5c|00|40)/i;
const BROKEN_ESCAPE = /%(?![0-9a-f]{2})/i;

/** The path split into decoded segments, or null when the path is not acceptable. */
export function normalisePath(path: string): string[] | null {
  if (path.length === 0 || path.length > MAX_PATH_LENGTH) return null;
  if (!ALLOWED.test(path)) return null;
  if (path.includes('//') || FORBIDDEN_ESCAPES.test(path) || BROKEN_ESCAPE.test(path)) return null;
  const segments = path.slice(1).split('/');
  if (segments.length > 1 && segments[segments.length - 1] === '') segments.pop(); // one trailing slash
  const decoded: string[] = [];
  for (const segment of segments) {
    if (segment === '.' || segment === '..') return null;
    try {
      decoded.push(decodeURIComponent(segment));
    } catch {
      return null;
    }
  }
  return decoded;
}

/**
 * Route patterns split once (the proxy matches a request against its module's routes in
 * turn, and splitting every pattern again was most of that work). Patterns are the route tables'
 * own strings, a fixed set.
 */
const patternParts = new Map<string, readonly string[]>();

function partsOf(pattern: string): readonly string[] {
  let parts = patternParts.get(pattern);
  if (!parts) {
    parts = pattern.split('/').filter((part) => part !== '');
    patternParts.set(pattern, parts);
  }
  return parts;
}

/** Matches '/a/:b' against decoded segments; returns the parameters or null. */
export function matchPattern(pattern: string, segments: readonly string[]): Record<string, string> | null {
  const parts = partsOf(pattern);
  const actual = segments.length === 1 && segments[0] === '' ? [] : segments;
  if (parts.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i] as string;
    const value = actual[i] as string;
    if (part.startsWith(':')) {
      if (value === '') return null;
      params[part.slice(1)] = value;
    } else if (part !== value) {
      return null;
    }
  }
  return params;
}
