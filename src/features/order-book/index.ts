/** Order book feature: the buy/sell columns of the K-line page and their row maths. */
export { OrderBook, type OrderBookProps } from './OrderBook'
export { bookRows, type BookRow } from './book-rows'
