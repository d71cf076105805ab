#!/usr/bin/env node
/**
 * The mocklib command line: `npx mocklib init <publicDir>` copies the Service
 * Worker script into the directory the application serves at its root.
 */
import { copyFileSync, existsSync, mkdirSync, statSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { VERSION } from '../service-worker/version.js'
import { HAR2TS_USAGE, runHar2ts } from './har2ts.js'

const WORKER_FILE = 'mocklib-worker.js'

const USAGE = `Usage: npx mocklib init <publicDir>

  Copies the mocklib Service Worker script (${WORKER_FILE}) to <publicDir>,
  the directory your dev server serves at the site root (for example public/).
  Run it again after every mocklib upgrade.`

function fail(text: string): never {
  console.error(`[mocklib] ${text}\n\n${USAGE}`)
  process.exit(1)
}

function init(publicDir: string | undefined): void {
  if (!publicDir) fail('init needs the public directory to copy the worker script to.')
  const source = fileURLToPath(new URL(`./${WORKER_FILE}`, import.meta.url))
  if (!existsSync(source)) fail(`The worker script is missing from the package (${source}); reinstall mocklib.`)
  const directory = resolve(publicDir)
  if (existsSync(directory) && !statSync(directory).isDirectory()) fail(`${directory} exists and is not a directory.`)
  mkdirSync(directory, { recursive: true })
  const target = resolve(directory, WORKER_FILE)
  copyFileSync(source, target)
  console.log(`[mocklib] Copied the Service Worker script (mocklib ${VERSION}) to ${target}`)
  console.log(`  Serve that directory at the site root, so the worker is at /${WORKER_FILE}, then call \`await worker.start()\`.`)
  console.log('  Run this command again after upgrading mocklib (a worker from another version is refused).')
}

const [command, ...rest] = process.argv.slice(2)
if (command === 'init') init(rest[0])
else if (command === 'har2ts') runHar2ts(rest, fail)
else if (command === undefined || command === '--help' || command === '-h' || command === 'help') console.log(`${USAGE}\n\n${HAR2TS_USAGE}`)
else fail(`Unknown command "${command}".`)
