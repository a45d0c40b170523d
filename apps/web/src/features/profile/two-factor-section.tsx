import { type FormEvent, useState } from 'react';
import { Button } from '../../components/button.tsx';
import { FormAlert } from '../../components/form-alert.tsx';
import { TextField } from '../../components/text-field.tsx';
import { accountCopy } from '../../config/copy/account.es.ts';
import { ApiError } from '../../lib/api-client.ts';
import { disableTwoFactor, startTwoFactor, type TwoFactorSetup } from './api/account.ts';
import { TwoFactorSetupView } from './two-factor-setup.tsx';

const texts = accountCopy.twoFactor;

type Step =
  | { kind: 'idle' }
  | { kind: 'password'; action: 'enable' | 'disable' }
  | { kind: 'setup'; setup: TwoFactorSetup };

const failureText = (error: unknown) =>
  error instanceof ApiError && error.code === 'INVALID_PASSWORD' ? texts.wrongPassword : texts.failed;

/**
 * Two-factor sign-in with an authenticator app (ADR 0047): on with the password, then the QR code and
 * backup codes, then a first code; off with the password.
 */
export function TwoFactorSection({
  enabled,
  productName,
  onChanged,
}: {
  enabled: boolean;
  productName: string;
  onChanged: (enabled: boolean) => void;
}) {
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setStep({ kind: 'idle' });
    setPassword('');
    setError('');
  };

  const submitPassword = async (event: FormEvent, action: 'enable' | 'disable') => {
    event.preventDefault();
    setError('');
    if (!password) {
      setError(texts.wrongPassword);
      return;
    }
    setBusy(true);
    try {
      if (action === 'enable') {
        setStep({ kind: 'setup', setup: await startTwoFactor(password) });
      } else {
        await disableTwoFactor(password);
        reset();
        setStatus(texts.disabled);
        onChanged(false);
      }
      setPassword('');
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">{enabled ? texts.on : texts.off}</p>
      {step.kind === 'idle' ? (
        <Button
          variant="secondary"
          onClick={() => {
            setStatus('');
            setStep({ kind: 'password', action: enabled ? 'disable' : 'enable' });
          }}
        >
          {enabled ? texts.disable : texts.enable}
        </Button>
      ) : null}
      {step.kind === 'password' ? (
        <form onSubmit={(event) => void submitPassword(event, step.action)} noValidate className="space-y-3">
          <TextField
            label={step.action === 'enable' ? texts.passwordToEnable : texts.passwordToDisable}
            type="password"
            autoComplete="current-password"
            value={password}
            invalid={error !== ''}
            onChange={(event) => setPassword(event.target.value)}
            autoFocus
          />
          {error ? <FormAlert message={error} /> : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" loading={busy}>
              {texts.continue}
            </Button>
            <Button variant="secondary" onClick={reset} disabled={busy}>
              {texts.cancel}
            </Button>
          </div>
        </form>
      ) : null}
      {step.kind === 'setup' ? (
        <TwoFactorSetupView
          setup={step.setup}
          productName={productName}
          onCancel={reset}
          onConfirmed={() => {
            reset();
            setStatus(texts.enabled);
            onChanged(true);
          }}
        />
      ) : null}
      <p role="status" className="text-sm text-emerald-700">
        {status}
      </p>
    </div>
  );
}
