// Loaded with the unhandled-request report (unhandled-report.ts) and by Playwright's policy.

// msw 2.15's list (styles, scripts, pages, fonts, images, media, documents, data
// files, archives), plus source maps, icons and bitmaps: their absence of handlers is never news.
const STATIC_ASSET =
  /\.(?:s?css|less|m?jsx?|m?tsx?|map|html|ttf|otf|woff2?|eot|gif|jpe?g|png|avif|webp|svg|ico|bmp|mp4|webm|ogg|mov|mp3|wav|flac|aac|pdf|txt|csv|json|xml|md|zip|tar|gz|rar|7z)$/i
// Dev-server tooling (Vite's /@vite/client, /@fs/, /@id/) and packages served over HTTP.
const TOOLING_PATH = /@vite|\/@fs\/|\/@id\/|node_modules/
const ASSET_HOST = /(?:^|\.)fonts\.googleapis\.com$/

/**
 * True for a request the built-in `'warn'` and `'error'` policies never
 * report: a `file:` URL, Google Fonts, a dev server's tooling or
 * `node_modules`, or a path ending in a static asset's extension (as msw's
 * `isCommonAssetRequest`). A handler can still mock such a request.
 *
 * @example
 * isCommonAssetRequest(new Request('http://localhost/styles/main.css')) // true
 * isCommonAssetRequest(new Request('http://localhost/api/user')) // false
 */
export function isCommonAssetRequest(request: Request | URL): boolean {
  const url = request instanceof URL ? request : new URL(request.url)
  return url.protocol === 'file:' || ASSET_HOST.test(url.hostname) || STATIC_ASSET.test(url.pathname) || TOOLING_PATH.test(url.pathname)
}
