import { VisitorListPage } from './VisitorListPage';

/** SPEC §2 /pages/visitor/attention. */
export default function AttentionPage() {
  return <VisitorListPage kind="attention" />;
}
