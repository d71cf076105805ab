// The Chromium the Playwright tests launch: the one `npm test`'s browser tests
// use (see test/browser/harness.ts, which this mirrors without loading vitest):
// CHROMIUM_PATH, else /usr/bin/chromium, else @sparticuz/chromium. Never a download.
import { existsSync } from 'node:fs'

const SYSTEM_CHROMIUM = '/usr/bin/chromium'

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage']

// `--single-process` leaves no process for workers; `--disable-web-security` would hide CORS.
const UNWANTED = new Set(['--single-process', '--disable-web-security', '--allow-running-insecure-content'])

/**
 * Where Chromium is and the flags it needs here.
 *
 * @example
 * const browser = await chromium.launch(await chromiumLaunchOptions())
 */
export async function chromiumLaunchOptions(): Promise<{ executablePath: string; args: string[]; headless: true }> {
  if (process.env.CHROMIUM_PATH) return { executablePath: process.env.CHROMIUM_PATH, args: ARGS, headless: true }
  if (process.env.MOCKLIB_CHROMIUM !== 'sparticuz' && existsSync(SYSTEM_CHROMIUM)) return { executablePath: SYSTEM_CHROMIUM, args: ARGS, headless: true }
  const { default: sparticuz } = (await import('@sparticuz/chromium')) as { default: { args: string[]; executablePath(): Promise<string> } }
  const args = [...new Set([...ARGS, ...sparticuz.args.filter((arg) => !UNWANTED.has(arg))])]
  return { executablePath: await sparticuz.executablePath(), args, headless: true }
}
