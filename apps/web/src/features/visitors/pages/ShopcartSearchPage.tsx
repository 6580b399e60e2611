import { VisitorSearchPage } from './VisitorSearchPage';

/** SPEC §2 /pages/visitor/shopcart_search. */
export default function ShopcartSearchPage() {
  return <VisitorSearchPage kind="cart" />;
}
