/**
 * The options screens behind dynamic imports: the tab screens share one chunk on the way to /home's first price
 * (vite.config.ts CHUNK_GROUPS), and these bring the form layer, the money checks and the chart with them, so they
 * load only when opened.
 */
import { lazy } from 'react'

/** MicroScreen.tsx (the Options tab's body), loaded on first render. Wrap in <Suspense>. */
export const MicroScreenLazy = lazy(() => import('./MicroScreen').then((m) => ({ default: m.MicroScreen })))
/** MicroInfoScreen.tsx (the history and detail of /micro-info), loaded on first render. Wrap in <Suspense>. */
export const MicroInfoScreenLazy = lazy(() => import('./MicroInfoScreen').then((m) => ({ default: m.MicroInfoScreen })))
