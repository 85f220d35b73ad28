/**
 * Stands in for axios's fetch adapter (axios/lib/adapters/fetch.js) in the SPA's build
 * (webpack.config.js). axios takes the first adapter of its list that the environment has: XHR,
 * which every browser the SPA supports has, so the fetch adapter is never reached; its 24 KB of
 * source (about 2 KB brotli) were in every page's first download. `false` is axios's own "not
 * supported in this environment" (adapters.js), so a browser without XHR would get axios's error
 * saying so. Node (the tests) runs axios as published. Plain JavaScript, as the module it replaces
 * (webpack does not run ts-loader on what axios imports).
 */
/** @returns {false} */
export const getFetch = () => false;

export default false;
