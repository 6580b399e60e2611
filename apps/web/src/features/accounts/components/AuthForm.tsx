import Button from 'antd-mobile/es/components/button';
import type { ReactNode } from 'react';

interface AuthFormProps {
  /** Called instead of the browser's submit: the form validates with the shared schemas itself. */
  onSubmit: () => void;
  submitLabel: string;
  /** The request is running: the button spins and ignores taps. */
  submitting: boolean;
  children: ReactNode;
}

/** A login or register form: its rows, then the large submit button. */
export function AuthForm({ onSubmit, submitLabel, submitting, children }: AuthFormProps) {
  return (
    <form
      className="mm-auth-form"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      noValidate
    >
      {children}
      <Button
        block
        type="submit"
        color="primary"
        size="large"
        shape="rounded"
        className="mm-auth-submit"
        loading={submitting}
      >
        {submitLabel}
      </Button>
    </form>
  );
}
