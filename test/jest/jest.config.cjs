// Jest in its default CommonJS mode, as most projects run it: no
// --experimental-vm-modules, no setup or polyfill file. `mocklib` is the built
// package (dist/, `npm run build`), reached as a consumer would through the
// package.json of the repository root. Run: npm run test:jest
// Test files end in .spec.ts: vitest takes every test/**/*.test.ts.
const { join } = require('node:path')

const root = join(__dirname, '..', '..')
const moduleNameMapper = {
  '^mocklib$': root,
  '^mocklib/(node|browser)$': join(root, 'dist', '$1.cjs'),
}
const tsJest = ['ts-jest', { tsconfig: join(__dirname, 'tsconfig.json') }]
const babelJest = ['babel-jest', { configFile: join(__dirname, 'babel.config.cjs') }]

module.exports = {
  rootDir: __dirname,
  projects: [
    {
      displayName: 'ts-jest (node)',
      rootDir: __dirname,
      testMatch: ['<rootDir>/node/**/*.spec.ts'],
      transform: { '^.+\\.ts$': tsJest },
      moduleNameMapper,
    },
    {
      displayName: 'babel-jest (node)',
      rootDir: __dirname,
      testMatch: ['<rootDir>/node/**/*.spec.ts'],
      transform: { '^.+\\.ts$': babelJest },
      moduleNameMapper,
    },
    {
      displayName: 'ts-jest (jsdom)',
      rootDir: __dirname,
      testEnvironment: 'jsdom',
      testEnvironmentOptions: { url: 'http://app.example.test/' },
      testMatch: ['<rootDir>/jsdom/**/*.spec.ts'],
      transform: { '^.+\\.ts$': tsJest },
      moduleNameMapper,
    },
    {
      // jsdom with Node's Fetch classes copied in, and Node's export conditions (what msw's documentation recommends).
      displayName: 'ts-jest (jest-fixed-jsdom)',
      rootDir: __dirname,
      testEnvironment: 'jest-fixed-jsdom',
      testEnvironmentOptions: { url: 'http://app.example.test/' },
      testMatch: ['<rootDir>/fixed-jsdom/**/*.spec.ts'],
      transform: { '^.+\\.ts$': tsJest },
      moduleNameMapper,
    },
    {
      displayName: 'ts-jest (happy-dom)',
      rootDir: __dirname,
      testEnvironment: '@happy-dom/jest-environment',
      testEnvironmentOptions: { url: 'http://app.example.test/' },
      testMatch: ['<rootDir>/happy-dom/**/*.spec.ts'],
      transform: { '^.+\\.ts$': tsJest },
      moduleNameMapper,
    },
  ],
}
