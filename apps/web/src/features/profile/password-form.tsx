import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MIN_LENGTH } from '@rumbo/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../components/button.tsx';
import { FormAlert } from '../../components/form-alert.tsx';
import { TextField } from '../../components/text-field.tsx';
import { accountCopy } from '../../config/copy/account.es.ts';
import { ApiError } from '../../lib/api-client.ts';
import { changePassword } from './api/account.ts';

const texts = accountCopy.password;

// Better Auth's endpoint, so no contract schema (ADR 0019): the current password, a new one of 8 or more,
// typed twice.
const passwordChangeSchema = z
  .object({
    current: z.string().min(1, texts.required),
    next: z.string().min(PASSWORD_MIN_LENGTH, texts.tooShort),
    confirm: z.string(),
  })
  .refine((values) => values.confirm === values.next, { path: ['confirm'], message: texts.mismatch });
type PasswordChange = z.infer<typeof passwordChangeSchema>;
type Field = keyof PasswordChange;

/** Better Auth's error codes for a refused change, in Spanish. */
function failureText(error: unknown): string {
  if (!(error instanceof ApiError)) return texts.failed;
  if (error.code === 'INVALID_PASSWORD') return texts.wrongCurrent;
  if (error.code === 'CREDENTIAL_ACCOUNT_NOT_FOUND') return texts.noPassword;
  if (error.status === 429) return texts.tooMany;
  if (error.code === 'PASSWORD_TOO_SHORT') return texts.tooShort;
  return texts.failed;
}

/** Change password (ADR 0047): the current one is required; the other sessions are signed out. */
export function PasswordForm() {
  const form = useForm<PasswordChange>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: { current: '', next: '', confirm: '' },
    // A change re-checks only a field that shows an error (below), not every field after a submit.
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  const [alert, setAlert] = useState('');
  const [status, setStatus] = useState('');

  const submit = form.handleSubmit(async (values) => {
    try {
      await changePassword(values.current, values.next);
      form.reset();
      setStatus(texts.saved);
    } catch (error) {
      setAlert(failureText(error));
    }
  });

  const field = (name: Field, label: string, autoComplete: string) => (
    <TextField
      label={label}
      type="password"
      autoComplete={autoComplete}
      invalid={errors[name] !== undefined}
      error={errors[name]?.message}
      {...form.register(name, {
        onChange: () => {
          if (form.getFieldState(name).error) void form.trigger(name);
        },
      })}
    />
  );

  return (
    <form
      onSubmit={(event) => {
        setAlert('');
        setStatus('');
        void submit(event);
      }}
      noValidate
      className="space-y-4"
    >
      <p className="text-sm text-slate-600">{texts.hint}</p>
      {field('current', texts.current, 'current-password')}
      {field('next', texts.next, 'new-password')}
      {field('confirm', texts.confirm, 'new-password')}
      {alert ? <FormAlert message={alert} /> : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="secondary" loading={form.formState.isSubmitting}>
          {texts.submit}
        </Button>
        <p role="status" className="text-sm text-emerald-700">
          {status}
        </p>
      </div>
    </form>
  );
}
