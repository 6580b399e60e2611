import Input, { type InputProps } from 'antd-mobile/es/components/input';
import { FormField, type FormFieldProps } from './FormField';

export interface FieldInputProps
  extends Pick<InputProps, 'type' | 'inputMode' | 'value' | 'onChange' | 'autoComplete' | 'name' | 'maxLength'> {
  placeholder: string;
  /** Off where the row already ends in a button (the code field's "Get code"). */
  clearable?: boolean;
}

/**
 * The input of the login and register rows. The placeholder doubles as its accessible name (the
 * rows have no visible label), and the clear button shows only while it has focus (antd's default).
 */
export function FieldInput({ placeholder, clearable = true, ...input }: FieldInputProps) {
  return <Input {...input} placeholder={placeholder} clearable={clearable} aria-label={placeholder} />;
}

type TextFieldProps = FieldInputProps & Omit<FormFieldProps, 'children'>;

/** A login or register row holding one text input. */
export function TextField({ icon, error, hint, extra, ...input }: TextFieldProps) {
  return (
    <FormField icon={icon} error={error} hint={hint} extra={extra}>
      <FieldInput {...input} />
    </FormField>
  );
}
