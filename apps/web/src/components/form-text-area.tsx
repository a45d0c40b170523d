import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { TextAreaField, type TextAreaFieldProps } from './text-area-field.tsx';

export type FormTextAreaProps<Values extends FieldValues> = Omit<
  TextAreaFieldProps,
  'form' | 'name' | 'value' | 'onChange' | 'onBlur' | 'ref'
> & {
  form: UseFormReturn<Values>;
  name: Path<Values>;
};

/** A TextAreaField registered with a react-hook-form form under `name`. */
export function FormTextArea<Values extends FieldValues>({
  form,
  name,
  ...field
}: FormTextAreaProps<Values>) {
  return <TextAreaField {...field} {...form.register(name)} />;
}
