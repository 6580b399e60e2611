import type { VisitorKind } from '@metal/shared';
import Segmented from 'antd-mobile/es/components/segmented';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Paths } from '../../../lib/navigation';

/** SPEC §2's three visitor pages (visitor, shopcart, attention), each a page of its own. */
export const LIST_PATH: Record<VisitorKind, string> = {
  view: Paths.visitor,
  cart: Paths.shopcart,
  attention: Paths.attention,
};
export const SEARCH_PATH: Record<VisitorKind, string> = {
  view: Paths.visitorSearch,
  cart: Paths.shopcartSearch,
  attention: Paths.attentionSearch,
};

export function KindSwitch({ kind }: { kind: VisitorKind }) {
  const { t } = useTranslation('visitors');
  const navigate = useNavigate();
  return (
    <div className="mm-visitor-switch">
      <Segmented
        block
        value={kind}
        onChange={(value) => navigate(LIST_PATH[value as VisitorKind], { replace: true })}
        options={(['view', 'cart', 'attention'] as const).map((key) => ({ label: t(`kinds.${key}`), value: key }))}
      />
    </div>
  );
}
