// The service worker's globals, for the type check (tsconfig.sw.json).

/** The shell's URLs, written in when web/install.py serves sw.js. */
declare const __SHELL__: string[];
