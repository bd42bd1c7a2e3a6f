import type { ReactNode } from 'react'

/** Label/value pairs of a record (network, address, time…); a pair with no value is left out. */
export function RecordFacts({ facts }: { facts: readonly [label: string, value: ReactNode | null | undefined][] }) {
  return (
    <dl className="fd-facts">
      {facts
        .filter(([, v]) => v !== null && v !== undefined && v !== '')
        .map(([label, value]) => (
          <div key={label} className="fd-facts__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  )
}
