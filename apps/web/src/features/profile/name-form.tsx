import { zodResolver } from '@hookform/resolvers/zod';
import { FULL_NAME_MAX_LENGTH, updateProfileSchema } from '@rumbo/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/button.tsx';
import { TextField } from '../../components/text-field.tsx';
import { accountCopy } from '../../config/copy/account.es.ts';
import { copy } from '../../config/copy.es.ts';
import { ApiError } from '../../lib/api-client.ts';
import { type SavedUser, saveFullName } from './api/account.ts';

const texts = accountCopy.name;

/**
 * The profile's full name, saved with PATCH /api/users/me and checked with the contract's schema for it
 * (ADR 0019); the caller shows the saved name everywhere at once.
 */
export function NameForm({ fullName, onSaved }: { fullName: string; onSaved: (user: SavedUser) => void }) {
  const form = useForm({
    resolver: zodResolver(updateProfileSchema),
    defaultValues: { full_name: fullName },
    // The field keeps the focus it has: the message under it says what to fix.
    shouldFocusError: false,
  });
  const [status, setStatus] = useState('');
  const value = form.watch('full_name');
  const error = form.formState.errors.full_name?.message;

  const submit = form.handleSubmit(async ({ full_name }) => {
    try {
      const user = await saveFullName(full_name);
      // A fresh form: after a save, a change is checked again only on the next submit.
      form.reset({ full_name: user.full_name });
      onSaved(user);
      setStatus(texts.saved);
    } catch (failure) {
      const message =
        failure instanceof ApiError && failure.field === 'full_name' ? failure.message : texts.failed;
      form.setError('full_name', { type: 'server', message });
    }
  });

  return (
    <form
      onSubmit={(event) => {
        setStatus('');
        void submit(event);
      }}
      noValidate
      className="space-y-3"
    >
      <TextField
        label={copy.billing.profile.fullName}
        autoComplete="name"
        maxLength={FULL_NAME_MAX_LENGTH + 20}
        invalid={error !== undefined}
        error={error}
        hint={texts.hint}
        {...form.register('full_name', { onChange: () => setStatus('') })}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="submit"
          variant="secondary"
          loading={form.formState.isSubmitting}
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
