import type { StartingSource } from '../contracts.js'
import { message } from '../errors.js'
import { createReportTracker, type ReportTracker } from './report-tracker.js'
import { connectWorker } from './worker-connection.js'

const DEFAULT_WORKER_URL = '/mocklib-worker.js'

export interface PageRequestSettings {
  options: {
    readonly interception?: 'auto' | 'service-worker' | 'in-page'
    readonly serviceWorker?: { readonly url?: string; readonly options?: RegistrationOptions }
    readonly quiet?: boolean
  }
  started?: { readonly mode: 'service-worker'; readonly registration: ServiceWorkerRegistration } | { readonly mode: 'in-page' }
  reports?: ReportTracker
  /** The in-page fallback's EventSource reads through the patched fetch; the patch returns its restore. */
  loadEventSourcePatch(): Promise<() => () => void>
}

// Once per page, however many times mocking starts.
let fallbackAnnounced = false

function announceFallback(reason: string): void {
  if (fallbackAnnounced) return
  fallbackAnnounced = true
  console.warn(
    message(
      `${reason} Mocking fetch and XMLHttpRequest inside the page instead.`,
      'Requests the page does not make through fetch or XMLHttpRequest (images, styles, workers) reach the network.',
    ),
  )
}

function whyNoServiceWorker(): string | undefined {
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return 'This is not a window context.'
  if (!isSecureContext) return `This page (${location.origin}) is not a secure context, where browsers offer no Service Worker.`
  if (!('serviceWorker' in navigator)) return 'This browser offers no Service Worker here (navigator.serviceWorker is missing).'
  return undefined
}

export function pageRequestSource(settings: PageRequestSettings): StartingSource {
  return {
    name: 'page-requests',
    async start(sink) {
      const { options } = settings
      const mode = options.interception ?? 'auto'
      const quiet = options.quiet === true
      const reports = (settings.reports ??= createReportTracker())
      let reason = mode === 'in-page' ? "In-page interception was requested (`interception: 'in-page'`)." : whyNoServiceWorker()
      if (reason === undefined) {
        const url = options.serviceWorker?.url ?? DEFAULT_WORKER_URL
        const registration = await navigator.serviceWorker.register(url, options.serviceWorker?.options).catch((error: unknown) => {
          if (mode === 'service-worker') throw error
          reason = `Registering the Service Worker "${url}" failed (${String(error)}); did you run \`npx mocklib init <publicDir>\`?`
        })
        if (registration) {
          const stop = await connectWorker(registration, url, sink, reports)
          if (!quiet) console.info(message('Mocking enabled (Service Worker).'))
          settings.started = { mode: 'service-worker', registration }
          return stop
        }
      } else if (mode === 'service-worker') {
        throw new Error(message(reason, "Serve the page from https or localhost, or use `interception: 'auto'` to fall back to in-page interception."))
      }
      if (!quiet) announceFallback(reason ?? '')
      const [inPage, patchEventSource] = await Promise.all([import('./in-page-source.js'), settings.loadEventSourcePatch()])
      const restoreRequests = await inPage.interceptInPage(sink, reports)
      const restoreEventSource = patchEventSource()
      if (!quiet) console.info(message('Mocking enabled (in-page).'))
      settings.started = { mode: 'in-page' }
      return () => {
        restoreEventSource()
        restoreRequests()
      }
    },
  }
}
