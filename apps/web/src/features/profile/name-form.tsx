import { FULL_NAME_MAX_LENGTH } from '@rumbo/contract';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/button.tsx';
import { TextField } from '../../components/text-field.tsx';
import { accountCopy } from '../../config/copy/account.es.ts';
import { copy } from '../../config/copy.es.ts';
import { ApiError } from '../../lib/api-client.ts';
import { type SavedUser, saveFullName } from './api/account.ts';

const texts = accountCopy.name;

function nameError(value: string): string | undefined {
  const name = value.trim();
  if (!name) return texts.empty;
  if (name.length > FULL_NAME_MAX_LENGTH) return texts.tooLong;
  return undefined;
}

/** The profile's full name, saved with PATCH /api/users/me; the caller shows it everywhere at once. */
export function NameForm({ fullName, onSaved }: { fullName: string; onSaved: (user: SavedUser) => void }) {
  const [value, setValue] = useState(fullName);
  const [error, setError] = useState<string>();
  const [status, setStatus] = useState('');
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus('');
    const invalid = nameError(value);
    setError(invalid);
    if (invalid) return;
    setSaving(true);
    try {
      const user = await saveFullName(value.trim());
      setValue(user.full_name);
      onSaved(user);
      setStatus(texts.saved);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.field === 'full_name' ? failure.message : texts.failed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <TextField
        label={copy.billing.profile.fullName}
        value={value}
        autoComplete="name"
        maxLength={FULL_NAME_MAX_LENGTH + 20}
        invalid={error !== undefined}
        error={error}
        hint={texts.hint}
        onChange={(event) => {
          setValue(event.target.value);
          setStatus('');
          if (error !== undefined) setError(nameError(event.target.value));
        }}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="submit"
          variant="secondary"
          loading={saving}
          disabled={value.trim() === fullName.trim()}
        >
          {texts.save}
        </Button>
        <p role="status" className="text-sm text-emerald-700">
          {status}
        </p>
      </div>
    </form>
  );
}
