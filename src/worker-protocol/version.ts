/** Replaced at build time (tsup and the tests' esbuild `define`) by the package version. */
declare const __MOCKLIB_VERSION__: string | undefined

export const VERSION: string = typeof __MOCKLIB_VERSION__ === 'string' ? __MOCKLIB_VERSION__ : '0.0.0-dev'
