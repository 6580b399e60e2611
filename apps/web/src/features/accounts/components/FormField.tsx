import type { ReactNode } from 'react';

export interface FormFieldProps {
  icon?: ReactNode;
  /** Already localized. */
  error?: string | undefined;
  hint?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
}

/** One large input row of the login and register forms, with its error or hint below. */
export function FormField({ icon, error, hint, extra, children }: FormFieldProps) {
  return (
    <div className={`mm-field ${error ? 'has-error' : ''}`}>
      <div className="mm-field-row">
        {icon && (
          <span className="mm-field-icon" aria-hidden="true">
            {icon}
          </span>
        )}
        <div className="mm-field-input">{children}</div>
        {extra && <div className="mm-field-extra">{extra}</div>}
      </div>
      {error ? (
        <div className="mm-field-error" role="alert">
          {error}
        </div>
      ) : (
        hint && <div className="mm-field-hint">{hint}</div>
      )}
    </div>
  );
}
