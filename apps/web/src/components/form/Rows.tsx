import CloseOutline from 'antd-mobile-icons/es/CloseOutline';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import type { ReactNode } from 'react';
import './form.css';
import './locale';

/** The label of a field the form requires (form.css marks it). */
export const required = (label: ReactNode) => <span className="mm-form-required">{label}</span>;

interface FieldRowProps {
  label: ReactNode;
  /** The input's id, so the label names it. */
  htmlFor?: string;
  /** The field's name as the server and the shared schema use it ('phones.2'): scrolled to when it has an error. */
  field: string;
  /** Already localized. */
  error?: string | undefined;
  hint?: ReactNode;
  /**
   * The control needs the row's whole width where labels are long (English): a set of choices, a day
   * and time. There the label goes above it instead of beside it.
   */
  wide?: boolean;
  children: ReactNode;
}

/** A labelled row of a form, with the field's error (or hint) right under it. */
export function FieldRow({ label, htmlFor, field, error, hint, wide = false, children }: FieldRowProps) {
  return (
    <div className={`mm-form-row ${wide ? 'is-wide' : ''} ${error ? 'has-error' : ''}`} data-field={field}>
      <div className="mm-form-row-main">
        {htmlFor ? (
          <label className="mm-form-label" htmlFor={htmlFor}>
            {label}
          </label>
        ) : (
          <span className="mm-form-label">{label}</span>
        )}
        <div className="mm-form-control">{children}</div>
      </div>
      {error ? (
        <div className="mm-form-error" role="alert">
          {error}
        </div>
      ) : (
        hint && <div className="mm-form-hint">{hint}</div>
      )}
    </div>
  );
}

interface LinkRowProps {
  label: ReactNode;
  /** What is there now; `missing` shows it as still wanted. */
  value?: ReactNode;
  missing?: boolean;
  onClick?: () => void;
  testId?: string;
  icon?: ReactNode;
}

/** A row that opens the page where that part is edited (or viewed). */
export function LinkRow({ label, value, missing, onClick, testId, icon }: LinkRowProps) {
  const content = (
    <>
      {icon && (
        <span className="mm-form-link-icon" aria-hidden="true">
          {icon}
        </span>
      )}
      <span className="mm-form-label">{label}</span>
      <span className={`mm-form-link-value ${missing ? 'is-missing' : ''}`}>{value}</span>
      {onClick && <RightOutline className="mm-form-chevron" aria-hidden="true" />}
    </>
  );
  return onClick ? (
    <button type="button" className="mm-form-link" onClick={onClick} data-testid={testId}>
      {content}
    </button>
  ) : (
    <div className="mm-form-link" data-testid={testId}>
      {content}
    </div>
  );
}

interface PickerButtonProps {
  /** What is chosen, already as text; empty shows the placeholder. */
  text: string;
  placeholder: string;
  onOpen: () => void;
  disabled?: boolean;
  testId: string;
  /** An optional choice: a clear button beside it when something is chosen. */
  clear?: { label: string; onClear: () => void };
}

/** The row's value as a button that opens a picker (region, province, category), optionally clearable. */
export function PickerButton({ text, placeholder, onOpen, disabled, testId, clear }: PickerButtonProps) {
  const button = (
    <button
      type="button"
      className={`mm-form-picker ${text ? '' : 'is-placeholder'}`}
      onClick={onOpen}
      disabled={disabled}
      data-testid={testId}
    >
      <span>{text || placeholder}</span>
      <RightOutline aria-hidden="true" />
    </button>
  );
  if (!clear) return button;
  return (
    <div className="mm-stock-with-unit">
      {button}
      {text && (
        <button type="button" className="mm-form-icon-button" aria-label={clear.label} onClick={clear.onClear}>
          <CloseOutline />
        </button>
      )}
    </div>
  );
}
