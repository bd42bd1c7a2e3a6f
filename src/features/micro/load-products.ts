/**
 * The /micro route's loader part for the products (public `micro/products`, every symbol at once so the pair picker
 * can offer only pairs that have any). Never throws: the screen says when they could not be loaded.
 */
import type { MicroProduct } from '../../../common/api/micro'
import type { Api } from '../../api'

/** What the screen knows of the products: null when they could not be loaded. */
export interface ProductsData {
  products: MicroProduct[] | null
}

/** Every open product, shortest duration first; `products: null` when the call failed. */
export async function loadProducts(api: Pick<Api, 'microProducts'>): Promise<ProductsData> {
  try {
    const products = await api.microProducts(undefined, { silent: true })
    return { products: [...products].sort((a, b) => a.duration_s - b.duration_s) }
  } catch {
    return { products: null }
  }
}

/** The products of the pair whose feed symbol is `symbol`, shortest first. */
export function productsOf(products: readonly MicroProduct[] | null, symbol: string): MicroProduct[] {
  return (products ?? []).filter((p) => p.symbol === symbol)
}
