import { VisitorListPage } from './VisitorListPage';

/** SPEC §2 /pages/visitor/shopcart. */
export default function ShopcartPage() {
  return <VisitorListPage kind="cart" />;
}
