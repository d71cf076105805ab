#!/usr/bin/env node
import { copyFileSync, existsSync, mkdirSync, statSync } from 'node:fs'
import { basename, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { VERSION } from '../worker-protocol/version.js'
import { parseArguments } from './arguments.js'
import { CONTRACT_USAGE, runContract } from './contract.js'
import { HAR2TS_USAGE, runHar2ts } from './har2ts.js'
import { INSPECT_USAGE, runInspect } from './inspect.js'
import { runServe, ServeError, SERVE_USAGE } from './serve.js'

const WORKER_FILE = 'mocklib-worker.js'

// Folders dev servers commonly serve at the site root: created when missing. Any other
// missing folder is more likely a typo (pubilc/) than a new root, so it needs --create.
const USUAL_PUBLIC_DIRS = new Set(['public', 'static', 'www', 'wwwroot'])

const USAGE = `Usage: npx mocklib init <publicDir> [--create]
       npx mocklib --version

  Copies the mocklib Service Worker script (${WORKER_FILE}) to <publicDir>,
  the directory your dev server serves at the site root (for example public/).
  A missing <publicDir> is created when it is named public, static, www or
  wwwroot; any other missing directory needs --create (so a typo is caught).
  Run it again after every mocklib upgrade.`

function fail(text: string): never {
  console.error(`[mocklib] ${text}\n\n${USAGE}`)
  process.exit(1)
}

function init(args: readonly string[]): void {
  const { positionals: [publicDir], flags } = parseArguments(args, { values: [], flags: ['--create'] })
  if (!publicDir) fail('init needs the public directory to copy the worker script to.')
  const source = fileURLToPath(new URL(`./${WORKER_FILE}`, import.meta.url))
  if (!existsSync(source)) fail(`The worker script is missing from the package (${source}); reinstall mocklib.`)
  const directory = resolve(publicDir)
  const shown = relative(process.cwd(), directory) || '.'
  const exists = existsSync(directory)
  if (exists && !statSync(directory).isDirectory()) fail(`${directory} exists and is not a directory.`)
  if (!exists && !flags.has('--create') && !USUAL_PUBLIC_DIRS.has(basename(directory))) {
    fail(`${shown} does not exist. Check the name (is it a typo?), or run \`npx mocklib init ${publicDir} --create\` to create it.`)
  }
  if (!exists) {
    mkdirSync(directory, { recursive: true })
    console.log(`[mocklib] Created ${shown} (it did not exist).`)
  }
  const target = resolve(directory, WORKER_FILE)
  copyFileSync(source, target)
  console.log(`[mocklib] Copied the Service Worker script (mocklib ${VERSION}) to ${target}`)
  console.log(`  Serve that directory at the site root, so the worker is at /${WORKER_FILE}, then call \`await worker.start()\`.`)
  console.log('  Run this command again after upgrading mocklib (a worker from another version is refused).')
}

const [command, ...rest] = process.argv.slice(2)
if (command === 'init') init(rest)
else if (command === '--version' || command === '-v' || command === 'version') console.log(VERSION)
else if (command === 'har2ts') runHar2ts(rest, fail)
else if (command === 'contract') void runContract(rest, fail).then((code) => (process.exitCode = code))
else if (command === 'serve' || command === 'inspect')
  (command === 'serve' ? runServe(rest) : runInspect(rest)).catch((error: unknown) => {
    console.error(error instanceof ServeError ? error.message : `[mocklib] ${command} failed: ${String(error)}`)
    process.exit(error instanceof ServeError ? error.code : 1)
  })
else if (command === undefined || command === '--help' || command === '-h' || command === 'help') console.log(`${USAGE}\n\n${HAR2TS_USAGE}\n\n${CONTRACT_USAGE}\n\n${SERVE_USAGE}\n\n${INSPECT_USAGE}`)
else fail(`Unknown command "${command}".`)
