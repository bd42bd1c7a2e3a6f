/**
 * The order form's parts shared by the spot (/trade) and futures (/lever) screens, and their one stylesheet
 * (order-form.css, also the panel, side toggle and preview classes `of-*`). Each part imports the sheet itself: this
 * file is bypassed by the bundler (package.json sideEffects), so a CSS import here would be dropped.
 */

export { AtMarketNote } from './AtMarketNote'
export { OrderTypeSwitch } from './OrderTypeSwitch'
export { ShareButtons } from './ShareButtons'
export { TYPE_LABELS } from './type-labels'
export { CONFIRM_ORDER, confirmOrder, DETAIL_LABELS } from './confirm-order'
