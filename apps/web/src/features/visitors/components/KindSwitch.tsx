import type { VisitorKind } from '@metal/shared';
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

const KINDS = ['view', 'cart', 'attention'] as const;

/** Switches between the three pages in place (the back button leaves the visitors, not the switch). */
export function KindSwitch({ kind }: { kind: VisitorKind }) {
  const { t } = useTranslation('visitors');
  const navigate = useNavigate();
  return (
    <div className="mm-visitor-switch" role="tablist">
      {KINDS.map((key) => (
        <button
          key={key}
          type="button"
          role="tab"
          aria-selected={key === kind}
          className={key === kind ? 'is-active' : ''}
          onClick={() => key !== kind && navigate(LIST_PATH[key], { replace: true })}
        >
          {t(`kinds.${key}`)}
        </button>
      ))}
    </div>
  );
}
