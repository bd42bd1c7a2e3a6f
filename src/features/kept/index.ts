/** Data kept on the device for offline use (issue 24 part 9): the user's last trading answers, their age, network state. */
export { keptAnswers, keptOwner } from './kept-answers'
export type { Kept, KeptOwner, KeptStore } from './kept-answers'
export { KeptAge } from './KeptAge'
export { withKeptCopy } from './kept-public'
export { OfflinePlacing } from './OfflinePlacing'
export { useOnline } from './use-online'
