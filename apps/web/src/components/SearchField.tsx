import SearchBar, { type SearchBarProps } from 'antd-mobile/es/components/search-bar';

interface SearchFieldProps
  extends Pick<SearchBarProps, 'defaultValue' | 'value' | 'onChange' | 'onCompositionStart' | 'onCompositionEnd'> {
  placeholder: string;
  /** The keyword to search for, trimmed; '' when the field is cleared (unless `keepResultsOnClear`). */
  onSearch: (keyword: string) => void;
  /** Clearing only empties the field; what was searched stays listed (choose_location's places). */
  keepResultsOnClear?: boolean;
  maxLength?: number;
}

/** The one keyword search box of the pages that list by a keyword: search on enter, clear to list all again. */
export function SearchField({ onSearch, keepResultsOnClear = false, ...props }: SearchFieldProps) {
  return (
    <SearchBar
      {...props}
      onSearch={(value) => onSearch(value.trim())}
      onClear={keepResultsOnClear ? undefined : () => onSearch('')}
    />
  );
}
