/**
 * Futures / lever (spec §2 Lever, §3 "Contract position", "Contract entrust", "Contract history"; issue 12): the
 * order form (long or short, market or limit, cross-margin leverage, take-profit and stop-loss, margin, fee and
 * estimated liquidation price before sending), the live positions valued at the mark price computed from the feed,
 * close one or all, current entrusts and history with the feed event each close used. Only the lazy screen is
 * exported: the tab's route lives in the tab chunk, which must not carry the screen.
 */
export { LeverScreenLazy } from './lazy'
