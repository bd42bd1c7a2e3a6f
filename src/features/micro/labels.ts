/** Words for a contract's direction and state, translated where they are shown. */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { MicroDirection, MicroState } from '../../../common/api/micro'

/** Rise (up) and fall (down), spec §3 "direction rise/fall". */
export const DIRECTION_LABELS: Record<MicroDirection, MessageDescriptor> = {
  up: msg({ id: 'micro.rise', message: 'Rise' }),
  down: msg({ id: 'micro.fall', message: 'Fall' }),
}

/**
 * A contract's state: open until delivery, then won, lost or draw (the stake back), or voided (no price at delivery,
 * or an operator's decision: stake and fee back).
 */
export const STATE_LABELS: Record<MicroState, MessageDescriptor> = {
  open: msg({ id: 'micro.state.open', message: 'Open' }),
  won: msg({ id: 'micro.state.won', message: 'Won' }),
  lost: msg({ id: 'micro.state.lost', message: 'Lost' }),
  draw: msg({ id: 'micro.state.draw', message: 'Draw' }),
  voided: msg({ id: 'micro.state.voided', message: 'Voided' }),
}
