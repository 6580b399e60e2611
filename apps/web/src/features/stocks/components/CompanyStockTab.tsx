import { AddToCartButton } from '../../cart/components/AddToCart';
import { useCompanyStocks } from '../api';
import { StockList } from './StockList';

/** The shop page's stock tab: the company's listings for sale, newest first, each offered for the cart. */
export function CompanyStockTab({ rootId, empty, emptyText }: { rootId: number; empty: string; emptyText: string }) {
  const stocks = useCompanyStocks(rootId);
  return (
    <StockList
      query={stocks}
      empty={empty}
      emptyText={emptyText}
      showCompany={false}
      rowExtra={(stock) => <AddToCartButton stock={stock} />}
    />
  );
}
