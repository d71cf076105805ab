// node docs/mock-server-inspector-screenshot.mts (from the repository root, after npm run build): takes docs/mock-server-inspector.png:
// `mocklib serve` on the container example's handlers, a few requests from curl, the inspector in Chromium.
import { execFile, spawn } from 'node:child_process'
import { promisify } from 'node:util'
import { chromium } from 'playwright-core'
import { chromiumLaunchOptions } from '../test/playwright/support/chromium.ts'

const child = spawn(process.execPath, ['dist/cli.js', 'serve', 'examples/mock-server-container/handlers.ts', '--port', '0'])
const url = await new Promise<string>((resolve) => child.stdout.once('data', (chunk) => resolve(/http:\/\/\S+/.exec(String(chunk))![0])))
const page = await (await chromium.launch(await chromiumLaunchOptions())).newPage({ viewport: { width: 1280, height: 560 } })
await page.goto(`${url}/__mocklib/`)
await page.getByText('live').waitFor()
const curl = (...args: string[]) => promisify(execFile)('curl', ['-s', '--max-time', '5', '-o', '/dev/null', ...args]).catch(() => {})
await curl(`${url}/health`)
await curl(`${url}/users`)
await curl(`${url}/users/9`)
await curl('-X', 'POST', '-H', 'Host: payments.example.com', '-H', 'content-type: application/json', '--data', '{"amount":1200,"currency":"eur"}', `${url}/charges`)
await curl(`${url}/settings`)
await curl(`${url}/users/1`)
await new Promise((resolve) => setTimeout(resolve, 500))
await page.locator('#rows tr', { hasText: '/users/1' }).click()
await new Promise((resolve) => setTimeout(resolve, 300))
await page.screenshot({ path: 'docs/mock-server-inspector.png' })
child.kill()
process.exit(0)
