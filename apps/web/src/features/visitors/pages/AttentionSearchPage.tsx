import { VisitorSearchPage } from './VisitorSearchPage';

/** SPEC §2 /pages/visitor/attention_search. */
export default function AttentionSearchPage() {
  return <VisitorSearchPage kind="attention" />;
}
