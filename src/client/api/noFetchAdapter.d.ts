/** Types of noFetchAdapter.js (plain JavaScript: it replaces a module of axios in the SPA's build). */
export declare const getFetch: () => false;
declare const noFetchAdapter: false;
export default noFetchAdapter;
