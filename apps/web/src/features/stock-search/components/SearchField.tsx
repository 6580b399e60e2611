import Input, { type InputRef } from 'antd-mobile/es/components/input';
import { forwardRef } from 'react';

/**
 * A search box: typing edits, Enter (the keyboard's search key) searches, clearing searches for nothing.
 * The magnifier is drawn here rather than taken from antd-mobile's SearchBar, whose icon module the home
 * tab shares: importing it here would split it out of the home route's chunk (a start-up budget).
 */
export const SearchField = forwardRef<
  InputRef,
  {
    value: string;
    placeholder: string;
    onChange: (value: string) => void;
    onSearch: (value: string) => void;
  }
>(function SearchField({ value, placeholder, onChange, onSearch }, ref) {
  return (
    <form
      className="mm-ss-search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(value);
      }}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" className="mm-ss-search-icon">
        <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M16 16l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <Input
        ref={ref}
        type="search"
        enterKeyHint="search"
        aria-label={placeholder}
        placeholder={placeholder}
        value={value}
        onChange={onChange}
        onClear={() => onSearch('')}
        clearable
        maxLength={30}
      />
    </form>
  );
});
