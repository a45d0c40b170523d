import { PASSWORD_MIN_LENGTH } from '@rumbo/contract';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/button.tsx';
import { FormAlert } from '../../components/form-alert.tsx';
import { TextField } from '../../components/text-field.tsx';
import { accountCopy } from '../../config/copy/account.es.ts';
import { ApiError } from '../../lib/api-client.ts';
import { changePassword } from './api/account.ts';

const texts = accountCopy.password;
type Field = 'current' | 'next' | 'confirm';
type Values = Record<Field, string>;

function validate({ current, next, confirm }: Values): Partial<Record<Field, string>> {
  return {
    current: current ? undefined : texts.required,
    next: next.length >= PASSWORD_MIN_LENGTH ? undefined : texts.tooShort,
    confirm: confirm === next ? undefined : texts.mismatch,
  };
}

/** Better Auth's error codes for a refused change, in Spanish. */
function failureText(error: unknown): string {
  if (!(error instanceof ApiError)) return texts.failed;
  if (error.code === 'INVALID_PASSWORD') return texts.wrongCurrent;
  if (error.code === 'CREDENTIAL_ACCOUNT_NOT_FOUND') return texts.noPassword;
  if (error.status === 429) return texts.tooMany;
  if (error.code === 'PASSWORD_TOO_SHORT') return texts.tooShort;
  return texts.failed;
}

/** Change password (issue 16): the current one is required; the other sessions are signed out. */
export function PasswordForm() {
  const empty: Values = { current: '', next: '', confirm: '' };
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [alert, setAlert] = useState('');
  const [status, setStatus] = useState('');
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAlert('');
    setStatus('');
    const found = validate(values);
    setErrors(found);
    const first = (['current', 'next', 'confirm'] as const).find((field) => found[field]);
    if (first) {
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSaving(true);
    try {
      await changePassword(values.current, values.next);
      setValues(empty);
      setStatus(texts.saved);
    } catch (error) {
      setAlert(failureText(error));
    } finally {
      setSaving(false);
    }
  };

  const field = (name: Field, label: string, autoComplete: string) => (
    <TextField
      name={name}
      label={label}
      type="password"
      autoComplete={autoComplete}
      value={values[name]}
      invalid={errors[name] !== undefined}
      error={errors[name]}
      onChange={(event) => {
        const next = { ...values, [name]: event.target.value };
        setValues(next);
        if (errors[name] !== undefined) setErrors({ ...errors, [name]: validate(next)[name] });
      }}
    />
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">{texts.hint}</p>
      {field('current', texts.current, 'current-password')}
      {field('next', texts.next, 'new-password')}
      {field('confirm', texts.confirm, 'new-password')}
      {alert ? <FormAlert message={alert} /> : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="secondary" loading={saving}>
          {texts.submit}
        </Button>
        <p role="status" className="text-sm text-emerald-700">
          {status}
        </p>
      </div>
    </form>
  );
}
