import { useCompanyStocks } from '../api';
import { StockList } from './StockList';

/** The shop page's stock tab: the company's listings for sale, newest first. */
export function CompanyStockTab({ rootId, empty, emptyText }: { rootId: number; empty: string; emptyText: string }) {
  const stocks = useCompanyStocks(rootId);
  return <StockList query={stocks} empty={empty} emptyText={emptyText} showCompany={false} />;
}
