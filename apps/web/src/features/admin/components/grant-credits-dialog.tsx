import { type AdminUser, type GrantCreditsInput, grantCreditsInputSchema } from '@rumbo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { Dialog, DialogFooter } from '../../../components/dialog.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { adminCopy } from '../../../config/copy/admin.es.ts';
import { adminQueryKeys, grantCredits } from '../api/admin.ts';
import { errorMessage } from '../errors.ts';

const t = adminCopy.grant;

type FieldErrors = Partial<Record<keyof GrantCreditsInput, string>>;

/**
 * Adds credits to one user's balance, with the reason the audit keeps. The contract's schema checks the
 * fields before anything is sent; on success the users and the audit lists load again and `onDone` gets
 * the new balance (null: unlimited).
 */
export function GrantCreditsDialog({
  user,
  onClose,
  onDone,
}: {
  user: AdminUser;
  onClose: () => void;
  onDone: (balance: number | null) => void;
}) {
  const reasonId = useId();
  const amountRef = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  // One id per opening of the form: resending it after a lost answer never grants twice.
  const [requestId] = useState(() => crypto.randomUUID());
  const grant = useMutation({
    mutationFn: (input: GrantCreditsInput) => grantCredits(user.id, input),
    onSuccess: async ({ available_credits }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminQueryKeys.usersAll }),
        queryClient.invalidateQueries({ queryKey: adminQueryKeys.audit }),
      ]);
      onDone(available_credits);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (grant.isPending) return;
    // An empty box is no credits at all: the schema's minimum says what is missing.
    const result = grantCreditsInputSchema.safeParse({
      amount: amount === '' ? 0 : Number(amount),
      reason,
      request_id: requestId,
    });
    if (!result.success) {
      const found: FieldErrors = {};
      for (const issue of result.error.issues) {
        const field = issue.path[0];
        if ((field === 'amount' || field === 'reason') && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    grant.mutate(result.data);
  };

  const reasonMessageId = `${reasonId}-message`;
  return (
    <Dialog
      title={t.title}
      description={t.to(user.email)}
      onClose={onClose}
      closeLabel={t.close}
      initialFocus={amountRef}
    >
      <form noValidate onSubmit={submit} className="mt-5 space-y-4">
        <TextField
          ref={amountRef}
          label={t.amount}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          invalid={Boolean(errors.amount)}
          error={errors.amount}
        />
        <div className="space-y-1.5">
          <label htmlFor={reasonId} className="block text-sm font-medium text-slate-700">
            {t.reason}
          </label>
          <textarea
            id={reasonId}
            rows={3}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            aria-invalid={Boolean(errors.reason)}
            aria-describedby={reasonMessageId}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-xs focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none aria-invalid:border-red-500 sm:text-sm"
          />
          <p
            id={reasonMessageId}
            className={errors.reason ? 'text-sm text-red-600' : 'text-xs text-slate-500'}
          >
            {errors.reason ?? t.reasonHint}
          </p>
        </div>
        {grant.isError ? <FormAlert message={errorMessage(grant.error, adminCopy.genericError)} /> : null}
        <DialogFooter>
          <Button variant="secondary" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button type="submit" loading={grant.isPending}>
            {t.submit}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
