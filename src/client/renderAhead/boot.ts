/**
 * The one script of the prerendered sign-in page (login.html): runs the app's scripts, named in its
 * data-scripts attribute, once the browser has shown the page (bootSteps.ts).
 *
 * Its own small bundle without webpack's runtime (webpack.config.js).
 */
import { afterFirstPaint, loadScriptsOnce, scriptsToLoad } from './bootSteps';

if (typeof document !== 'undefined' && document.currentScript) afterFirstPaint(loadScriptsOnce(scriptsToLoad(document.currentScript)));
