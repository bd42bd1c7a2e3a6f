/**
 * Hashes that open a screen at one of its parts, shared by the links and the screens. `/trade#order-history`: the
 * spot screen opened on its order history (Mine → "Trade history") instead of the current orders, scrolled to it. A
 * hash, not a search parameter, so links from any screen need no route-typed search.
 */
export const ORDER_HISTORY_HASH = 'order-history'
