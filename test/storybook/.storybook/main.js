// The Storybook of the recipe test (test/storybook/storybook.spec.ts): the
// stories import `mocklib` and `mocklib/browser` as an app would, answered
// here by the repo's build in dist/ instead of an installed package.
import { fileURLToPath } from 'node:url'

const dist = (file) => fileURLToPath(new URL(`../../../dist/${file}`, import.meta.url))

// Where `npx mocklib init <dir>` put the worker script; the test passes a temp
// directory so that nothing is written into the repo.
const publicDir = process.env.MOCKLIB_STORYBOOK_PUBLIC

/** @type {import('@storybook/html-vite').StorybookConfig} */
export default {
  framework: '@storybook/html-vite',
  stories: ['../stories/*.stories.js'],
  staticDirs: publicDir ? [publicDir] : [],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  async viteFinal(config) {
    config.resolve ??= {}
    config.resolve.alias = [
      { find: /^mocklib$/, replacement: dist('index.js') },
      { find: /^mocklib\/browser$/, replacement: dist('browser.js') },
    ]
    return config
  },
}
