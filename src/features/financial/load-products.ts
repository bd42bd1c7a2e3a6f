/**
 * The financial routes' loader part: the open products (public `financial/products`, in the app's language). Never
 * throws: the screens say when they could not be loaded.
 */
import type { FinancialProduct } from '../../../common/api/financial'
import type { Api } from '../../api'
import { financialApi } from '../../api/financial'

/** What the screens know of the products: null when they could not be loaded. */
export interface ProductsData {
  products: FinancialProduct[] | null
}

/** Every open product in the operator's order; `products: null` when the call failed. */
export async function loadProducts(api: Pick<Api, 'request'>): Promise<ProductsData> {
  try {
    return { products: await financialApi(api.request).products({ silent: true }) }
  } catch {
    return { products: null }
  }
}
