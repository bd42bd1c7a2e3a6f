/**
 * The futures screen behind a dynamic import: the tab screens share one chunk on the way to /home's first price
 * (vite.config.ts CHUNK_GROUPS), and this one brings the form layer and the contract maths with it, so it loads only
 * when the Futures tab is opened.
 */
import { lazy } from 'react'

/** LeverScreen.tsx (the Futures tab's body), loaded on first render. Wrap in <Suspense>. */
export const LeverScreenLazy = lazy(() => import('./LeverScreen').then((m) => ({ default: m.LeverScreen })))
