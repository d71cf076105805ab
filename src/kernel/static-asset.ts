// msw 2.15's list, plus source maps, icons and bitmaps.
const STATIC_ASSET =
  /\.(?:s?css|less|m?jsx?|m?tsx?|map|html|ttf|otf|woff2?|eot|gif|jpe?g|png|avif|webp|svg|ico|bmp|mp4|webm|ogg|mov|mp3|wav|flac|aac|pdf|txt|csv|json|xml|md|zip|tar|gz|rar|7z)$/i
// Dev-server tooling (Vite's /@vite/client, /@fs/, /@id/) and packages served over HTTP.
const TOOLING_PATH = /@vite|\/@fs\/|\/@id\/|node_modules/
const ASSET_HOST = /(?:^|\.)fonts\.googleapis\.com$/

/** Requests the `'warn'` and `'error'` policies never report (as msw's `isCommonAssetRequest`). */
export function isCommonAssetRequest(request: Request | URL): boolean {
  const url = request instanceof URL ? request : new URL(request.url)
  return url.protocol === 'file:' || ASSET_HOST.test(url.hostname) || STATIC_ASSET.test(url.pathname) || TOOLING_PATH.test(url.pathname)
}
