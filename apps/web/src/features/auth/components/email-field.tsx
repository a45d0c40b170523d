import type { ComponentProps } from 'react';
import { TextField } from '../../../components/text-field.tsx';
import { copy } from '../../../config/copy.es.ts';

/** The e-mail field of the login screen's three views: same label, keyboard and autofill in each. */
export function EmailField(props: Omit<ComponentProps<typeof TextField>, 'label'>) {
  return (
    <TextField
      label={copy.auth.email}
      type="email"
      autoComplete="email"
      inputMode="email"
      placeholder={copy.auth.emailPlaceholder}
      {...props}
    />
  );
}
