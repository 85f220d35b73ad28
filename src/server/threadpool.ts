/**
 * Sizes libuv's thread pool before anything uses it (main.ts imports this module first; libuv
 * reads UV_THREADPOOL_SIZE once, when the pool first starts). The pool runs argon2 (at most one
 * hash per core at a time, security/passwords.ts), the token signatures (WebCrypto HMAC), file
 * reads and DNS. libuv's default of 4 threads would let hashes fill it; CPU cores + 4 leaves the
 * usual 4 threads free for everything else while a class signs in.
 * An operator's UV_THREADPOOL_SIZE wins.
 */
import os from 'node:os';

export const DEFAULT_THREADPOOL_SIZE = os.availableParallelism() + 4;

if (!process.env.UV_THREADPOOL_SIZE?.trim()) process.env.UV_THREADPOOL_SIZE = String(DEFAULT_THREADPOOL_SIZE);
