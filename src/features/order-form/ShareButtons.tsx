import './order-form.css'

/** Shares of the available balance offered under the quantity (issues 11 and 12: 25/50/75/100 %). */
const SHARES = [25, 50, 75, 100] as const

/**
 * 25 / 50 / 75 / 100 %: `onPick(pct)` sets the quantity that takes that share of the available balance (spot: with
 * its fee; futures: its margin and fee at the chosen leverage). Disabled while the balance is unknown (signed out).
 */
export function ShareButtons({ disabled, onPick }: { disabled: boolean; onPick: (pct: number) => void }) {
  return (
    <div className="of-shares">
      {SHARES.map((pct) => (
        <button key={pct} type="button" className="of-shares__btn" disabled={disabled} onClick={() => onPick(pct)}>
          {pct}%
        </button>
      ))}
    </div>
  )
}
