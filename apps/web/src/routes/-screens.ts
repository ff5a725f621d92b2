import { preloadable } from '../lib/preloadable';

// `/` shows one of two screens, each in its own chunk: visitors and signed-in people load
// only their own. Both are started early (the root route, the index route's loader).

/** The signed-in person's contacts list in the app shell. */
export const homeScreen = preloadable(() => import('./-home-contacts'));

/** The visitor's landing page. */
export const landingScreen = preloadable(() => import('../features/landing/home-landing'));
