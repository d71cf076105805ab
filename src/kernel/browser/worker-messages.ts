import { message } from '../errors.js'

/** `npx mocklib init` with the public directory spelled out for the reader. */
const INIT = 'npx mocklib init <publicDir>'

/** The worker script on disk comes from another mocklib version. */
export function versionMismatchText(url: string, workerVersion: string, pageVersion: string): string {
  return message(
    `The Service Worker script at "${url}" comes from mocklib ${workerVersion}, but this page runs mocklib ${pageVersion}.`,
    `Run \`${INIT}\` again (for example \`npx mocklib init public/\`) to copy the matching script, then reload the page.`,
  )
}

/** The script answered nothing: it is not a mocklib worker (or a very old one). */
export function notMocklibWorkerText(url: string): string {
  return message(
    `The Service Worker at "${url}" did not answer mocklib's handshake: it is not a mocklib worker script, or an outdated one.`,
    `Run \`${INIT}\` to copy the worker script to your public directory, and pass its URL as \`serviceWorker.url\`.`,
  )
}

/** The worker's scope does not cover the page, so it can never control it. */
export function scopeText(url: string, scope: string): string {
  return message(
    `The Service Worker "${url}" has the scope "${scope}", which does not include this page (${location.href}), so it cannot intercept its requests.`,
    `Serve the worker script from the site root (\`${INIT}\` with the directory served at "/"), or widen its scope with the \`Service-Worker-Allowed\` header.`,
  )
}
