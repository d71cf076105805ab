// Builds the recipe's Storybook (test/storybook/.storybook) the way an app
// would: `npx mocklib init` puts the worker script in a public directory that
// `staticDirs` serves, then `storybook build`. Everything goes to a temp dir.
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const run = promisify(execFile)
const repo = fileURLToPath(new URL('../../', import.meta.url))
const fromRepo = (path: string): string => join(repo, path)

// The stories import mocklib from dist/ (see .storybook/main.js), as a user gets it.
const NEEDED_BUILD = ['dist/index.js', 'dist/browser.js', 'dist/cli.js', 'dist/mocklib-worker.js']

/**
 * Builds the Storybook into `<workDir>/static` and returns that directory.
 * Needs `npm run build` first; never touches the network (telemetry off).
 *
 * @example
 * const site = await buildStorybook(await mkdtemp(join(tmpdir(), 'mocklib-storybook-')))
 */
export async function buildStorybook(workDir: string): Promise<string> {
  const missing = NEEDED_BUILD.filter((path) => !existsSync(fromRepo(path)))
  if (missing.length > 0) throw new Error(`The Storybook test uses mocklib's build, and ${missing.join(', ')} is missing: run \`npm run build\` first.`)
  const publicDir = join(workDir, 'public')
  const staticDir = join(workDir, 'static')
  await run(process.execPath, [fromRepo('dist/cli.js'), 'init', publicDir, '--create'], { cwd: repo })
  const storybook = fromRepo('node_modules/storybook/dist/bin/dispatcher.js')
  const args = ['build', '-c', 'test/storybook/.storybook', '-o', staticDir, '--disable-telemetry', '--quiet', '--preview-only', '--test']
  const env = { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1', MOCKLIB_STORYBOOK_PUBLIC: publicDir, NO_COLOR: '1' }
  try {
    await run(process.execPath, [storybook, ...args], { cwd: repo, env, maxBuffer: 16 * 1024 * 1024 })
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string }
    throw new Error(`storybook build failed:\n${stdout}\n${stderr}`, { cause: error })
  }
  return staticDir
}
