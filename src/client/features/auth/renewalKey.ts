/**
 * The renewal key: one random value per token this tab holds, sent with every renewal of that
 * token. When a renewal's answer is lost on the way (the server renewed, the browser never heard),
 * asking again with the same token and key gets the same new token (RENEWAL_REPLAY_MS,
 * docs/server.md "Renewal"), where the replaced token alone gets a 401 and would sign the student
 * out. Kept here, not in the store: Redux DevTools shows the state, and the key is the tab's secret.
 */
let kept: { token: string; key: string } | null = null;

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** 22 base64url characters, each from 6 random bits: 132 bits. */
function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(22));
  let key = '';
  for (const byte of bytes) key += BASE64URL[byte & 63];
  return key;
}

/** The key for renewals of `token`: the same until the token changes. */
export function renewalKeyFor(token: string): string {
  if (kept?.token !== token) kept = { token, key: randomKey() };
  return kept.key;
}
