/** "My requests", the signed-in user's tickets and replies: a section of /app/support, scrolled to. */
export const MY_REQUESTS_ANCHOR = 'my-requests';
export const MY_REQUESTS_PATH = `/app/support#${MY_REQUESTS_ANCHOR}`;
