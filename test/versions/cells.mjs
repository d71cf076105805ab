// The cells of the version grid: which fixture project (fixtures/<name>, its
// own package.json and lockfile), which runner and environment, which setup
// file. Every cell runs the same cases (cases.cjs) with msw 2.15 and with
// mocklib. `npm run test:versions -- --only <name>,<name>` runs a subset.

/** Jest's environment names: jsdom is the fixture's jest-environment-jsdom. */
const jest = (fixture, env, extra = {}) => ({ fixture, runner: 'jest', env, ...extra })
const vitest = (fixture, env, extra = {}) => ({ fixture, runner: 'vitest', env, ...extra })
const undici = (module) => ({ setup: 'undici-recipe.cjs', vars: { GRID_UNDICI: module } })

export const cells = {
  // Jest 27's node environment with Node's web globals (setup/jest27-node-environment.cjs: msw 2 cannot load without).
  'jest27-node': jest('jest27', 'jest27-node-environment.cjs'),
  'jest27-jsdom16-undici5': jest('jest27', 'jsdom', undici('undici')),
  'jest28-node': jest('jest28', 'node'),
  'jest28-jsdom19-undici6': jest('jest28', 'jsdom', undici('undici')),
  'jest28-fixed-jsdom': jest('jest28', 'jest-fixed-jsdom'),
  'jest29-node': jest('jest29', 'node'),
  'jest29-node-node-fetch2': jest('jest29', 'node', { setup: 'node-fetch2.cjs' }),
  'jest29-jsdom20-undici5': jest('jest29', 'jsdom', undici('undici5')),
  'jest29-jsdom20-undici6': jest('jest29', 'jsdom', undici('undici6')),
  'jest29-jsdom20-undici7': jest('jest29', 'jsdom', undici('undici7')),
  'jest29-jsdom20-whatwg-fetch': jest('jest29', 'jsdom', { setup: 'whatwg-fetch.cjs' }),
  'jest29-jsdom20-cross-fetch': jest('jest29', 'jsdom', { setup: 'cross-fetch.cjs' }),
  'jest29-fixed-jsdom': jest('jest29', 'jest-fixed-jsdom'),
  'jest30-node': jest('jest30', 'node'),
  'jest30-jsdom26-undici7': jest('jest30', 'jsdom', undici('undici')),
  'jest30-fixed-jsdom': jest('jest30', 'jest-fixed-jsdom'),
  'vitest1-node': vitest('vitest1', 'node'),
  'vitest1-jsdom22': vitest('vitest1', 'jsdom'),
  'vitest1-happy-dom12': vitest('vitest1', 'happy-dom'),
  'vitest2-node': vitest('vitest2', 'node'),
  'vitest2-jsdom24': vitest('vitest2', 'jsdom'),
  'vitest2-happy-dom15': vitest('vitest2', 'happy-dom'),
  'vitest3-node': vitest('vitest3', 'node'),
  'vitest3-node-node-fetch3': vitest('vitest3', 'node', { setup: 'node-fetch3.mjs' }),
  'vitest3-jsdom26': vitest('vitest3', 'jsdom'),
  'vitest4-node': vitest('vitest4', 'node'),
  'vitest4-jsdom27': vitest('vitest4', 'jsdom'),
  'vitest4-happy-dom20': vitest('vitest4', 'happy-dom'),
}
