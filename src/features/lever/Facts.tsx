import type { ReactNode } from 'react'

/** One fact: a test id for its value, its label and its value (left out when null). */
export type Fact = [testId: string, label: string, value: ReactNode | null]

/** Label/value rows of a record (the funds records' look), each value with its `data-testid`. */
export function Facts({ facts }: { facts: readonly Fact[] }) {
  return (
    <dl className="fd-facts">
      {facts
        .filter(([, , v]) => v !== null)
        .map(([id, label, value]) => (
          <div key={id} className="fd-facts__row">
            <dt>{label}</dt>
            <dd data-testid={id}>{value}</dd>
          </div>
        ))}
    </dl>
  )
}
