import { VisitorListPage } from './VisitorListPage';

/** SPEC §2 /pages/visitor/visitor. */
export default function VisitorPage() {
  return <VisitorListPage kind="view" />;
}
