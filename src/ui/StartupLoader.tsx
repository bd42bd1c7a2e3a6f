import { Trans } from '@lingui/react/macro'
import { useEffect, useState } from 'react'

/** How long the loader takes to fade once the app is ready, ms (spec §2 "fading after about 500 ms"). */
export const LOADER_FADE_MS = 500

/**
 * The start-up splash: logo, tagline and a progress bar that creeps towards 90 % while the app loads, fills when
 * `ready`, then fades out over ~500 ms and unmounts.
 */
export function StartupLoader({ ready, name }: { ready: boolean; name: string }) {
  const [progress, setProgress] = useState(12)
  const [gone, setGone] = useState(false)

  useEffect(() => {
    if (ready) {
      const timer = setTimeout(() => setGone(true), LOADER_FADE_MS)
      return () => clearTimeout(timer)
    }
    const timer = setInterval(() => setProgress((p) => p + (90 - p) * 0.2), 120)
    return () => clearInterval(timer)
  }, [ready])

  if (gone) return null
  const shown = ready ? 100 : progress
  return (
    <div
      className={ready ? 'startup startup--done' : 'startup'}
      aria-busy={!ready}
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(shown)}
    >
      <img className="startup__logo" src="/favicon.svg" alt="" width={72} height={72} />
      <div className="startup__name">{name}</div>
      <p className="startup__tagline">
        <Trans id="startup.tagline">Your companion for growing wealth</Trans>
      </p>
      <div className="startup__bar">
        <div className="startup__fill" style={{ transform: `scaleX(${shown / 100})` }} />
      </div>
    </div>
  )
}
