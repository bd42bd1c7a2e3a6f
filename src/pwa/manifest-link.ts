/**
 * The web manifest's `<link>`, added once the first screen is up. In index.html it made the browser fetch the manifest
 * and then its 192 px icon (~15 KB) at once, beside the app bundle on a slow network: Lighthouse measured the first
 * screen's largest paint ~0.2 s later for it (issue 9). Installability needs the manifest before the user can install,
 * not before the first price; vite.config.ts takes the build's link out of index.html.
 */

/** Where vite-plugin-pwa writes the manifest (its default file name), served from the site root. */
export const MANIFEST_HREF = '/manifest.webmanifest'

/** Adds `<link rel="manifest">` to the head unless one is there already. */
export function addManifestLink(doc: Document = document): void {
  if (doc.querySelector('link[rel="manifest"]')) return
  const link = doc.createElement('link')
  link.rel = 'manifest'
  link.href = MANIFEST_HREF
  doc.head.append(link)
}
