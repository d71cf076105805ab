// The Chromium every browser test launches (Vitest's browser suites, Vitest browser mode,
// Storybook and Playwright Test): CHROMIUM_PATH, else /usr/bin/chromium, else the headless
// build of the @sparticuz/chromium dev dependency (no root needed). Never a download.
// Free of vitest, so that Playwright's config can load it too.
import { accessSync, constants, existsSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const SYSTEM_CHROMIUM = '/usr/bin/chromium'

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage']

// `--single-process` leaves no process for Service Workers; `--disable-web-security` would hide CORS behaviour the tests check.
const UNWANTED = new Set(['--single-process', '--disable-web-security', '--allow-running-insecure-content'])

/** Which Chromium the browser tests run and with which flags. */
export interface ChromiumChoice {
  readonly executablePath: string
  readonly args: readonly string[]
}

interface Sparticuz {
  readonly args: string[]
  executablePath(): Promise<string>
}

/**
 * Finds a Chromium without root. `MOCKLIB_CHROMIUM=sparticuz` forces the npm
 * build (to check a fresh machine), `MOCKLIB_CHROMIUM=system` the system one.
 *
 * @example
 * const { executablePath, args } = await findChromium()
 */
export async function findChromium(): Promise<ChromiumChoice> {
  const wanted = process.env.MOCKLIB_CHROMIUM
  if (process.env.CHROMIUM_PATH) return { executablePath: process.env.CHROMIUM_PATH, args: ARGS }
  if (wanted !== 'sparticuz' && existsSync(SYSTEM_CHROMIUM)) return { executablePath: SYSTEM_CHROMIUM, args: ARGS }
  const sparticuz = wanted === 'system' ? undefined : await importSparticuz()
  if (sparticuz === undefined) {
    throw new Error(
      `[mocklib] No Chromium for the browser tests: install one at ${SYSTEM_CHROMIUM} (apt-get install chromium), set CHROMIUM_PATH, or run \`npm install\` to get the @sparticuz/chromium dev dependency.`,
    )
  }
  return { executablePath: await sparticuz.executablePath(), args: [...new Set([...ARGS, ...sparticuz.args.filter((arg) => !UNWANTED.has(arg))])] }
}

/**
 * Playwright's launch options for that Chromium.
 *
 * @example
 * const browser = await chromium.launch(await chromiumLaunchOptions())
 */
export async function chromiumLaunchOptions(): Promise<{ executablePath: string; args: string[]; headless: true }> {
  const { executablePath, args } = await findChromium()
  return { executablePath, args: [...args], headless: true }
}

/**
 * @sparticuz/chromium unpacks its browser to `<tmpdir>/chromium` once and runs
 * whatever it finds there. On a machine where another user unpacked it first
 * (mode 0700, theirs), this user cannot run that file: it gets a temporary
 * directory of its own, set before the import (the package reads it then).
 */
async function importSparticuz(): Promise<Sparticuz | undefined> {
  const unpacked = join(tmpdir(), 'chromium')
  if (existsSync(unpacked) && !isExecutable(unpacked)) {
    const own = join(tmpdir(), `mocklib-chromium-of-${process.getuid?.() ?? 'this-user'}`)
    mkdirSync(own, { recursive: true })
    process.env.TMPDIR = own
  }
  try {
    return ((await import('@sparticuz/chromium')) as { default: Sparticuz }).default
  } catch {
    return undefined
  }
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}
