/** Shares of the available balance offered under the quantity (issue 12: 25/50/75/100 %). */
const SHARES = [25, 50, 75, 100] as const

/**
 * 25 / 50 / 75 / 100 %: each sets the quantity whose margin and fee take that share of the available balance at the
 * chosen leverage. Disabled while the balance is unknown (signed out).
 */
export function ShareButtons({ disabled, onPick }: { disabled: boolean; onPick: (pct: number) => void }) {
  return (
    <div className="lv-shares">
      {SHARES.map((pct) => (
        <button key={pct} type="button" className="lv-shares__btn" disabled={disabled} onClick={() => onPick(pct)}>
          {pct}%
        </button>
      ))}
    </div>
  )
}
