import Input from 'antd-mobile/es/components/input';
import { useTranslation } from 'react-i18next';
import '../locale';
import '../stock-manager.css';

/**
 * A keyword box that searches on Enter or its button (antd-mobile's SearchBar would split its search
 * icon out of the home tab's chunk into one more start-up request).
 */
export function SearchField({
  value,
  onChange,
  onSearch,
  placeholder,
  autoFocus = false,
}: {
  value: string;
  onChange: (value: string) => void;
  onSearch: (keyword: string) => void;
  placeholder: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('stockManager');
  return (
    <div className="mm-search-field">
      <Input
        type="search"
        value={value}
        onChange={(next) => {
          onChange(next);
          if (next === '') onSearch('');
        }}
        onEnterPress={() => onSearch(value.trim())}
        placeholder={placeholder}
        aria-label={placeholder}
        enterKeyHint="search"
        autoFocus={autoFocus}
        clearable
      />
      <button type="button" className="mm-search-go" onClick={() => onSearch(value.trim())}>
        {t('filters.search')}
      </button>
    </div>
  );
}
