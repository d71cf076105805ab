// One Vitest config for every Vitest cell: the environment, a setup file and
// which library answers ('msw' itself, or mocklib under that name) come from
// the runner (scripts/version-grid.mjs) through GRID_* variables.
import { defineConfig } from 'vitest/config'

const setupFiles = process.env.GRID_SETUP ? [process.env.GRID_SETUP] : []
export default defineConfig({
  resolve: { alias: process.env.GRID_LIB === 'mocklib' ? [{ find: /^msw(\/node)?$/, replacement: 'mocklib$1' }] : [] },
  test: {
    include: ['vitest.grid.test.mjs'],
    environment: process.env.GRID_ENV ?? 'node',
    environmentOptions: { jsdom: { url: 'http://localhost/' }, happyDOM: { url: 'http://localhost/' } },
    setupFiles,
    testTimeout: 5_000,
    pool: 'forks',
    poolOptions: { forks: { singleFork: true } },
  },
})
