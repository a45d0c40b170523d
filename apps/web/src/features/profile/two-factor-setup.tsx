import QRCode from 'qrcode';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../components/button.tsx';
import { FormAlert } from '../../components/form-alert.tsx';
import { TextField } from '../../components/text-field.tsx';
import { accountCopy } from '../../config/copy/account.es.ts';
import { ApiError } from '../../lib/api-client.ts';
import { confirmTwoFactor, type TwoFactorSetup } from './api/account.ts';

const texts = accountCopy.twoFactor;

/** The key an authenticator app asks for when the QR code cannot be scanned (base32, in groups of 4). */
function secretOf(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

/**
 * Step two of turning two-factor sign-in on: the QR code (and its key as text), the backup codes shown
 * this once with copy and download, and the first code from the app, which switches it on.
 */
export function TwoFactorSetupView({
  setup,
  productName,
  onConfirmed,
  onCancel,
}: {
  setup: TwoFactorSetup;
  productName: string;
  onConfirmed: () => void;
  onCancel: () => void;
}) {
  const [qr, setQr] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(setup.totpURI, { margin: 1, width: 200 }).then((url) => {
      if (live) setQr(url);
    });
    return () => {
      live = false;
    };
  }, [setup.totpURI]);

  const codesText = `${texts.backupFileTitle(productName)}\n\n${setup.backupCodes.join('\n')}\n`;
  const copyCodes = async () => {
    try {
      await navigator.clipboard.writeText(setup.backupCodes.join('\n'));
      setCopied(true);
      setTimeout(() => setCopied(false), 3000);
    } catch {
      setCopied(false);
    }
  };
  const downloadCodes = () => {
    const url = URL.createObjectURL(new Blob([codesText], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = texts.backupFileName;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    if (!/^\d{6}$/.test(code.trim())) {
      setError(texts.wrongCode);
      return;
    }
    setBusy(true);
    try {
      await confirmTwoFactor(code.trim());
      onConfirmed();
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.code === 'INVALID_CODE' ? texts.wrongCode : texts.failed,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-6">
      <section className="space-y-3">
        <h3 className="text-sm font-semibold text-slate-900">{texts.scanTitle}</h3>
        {qr ? (
          <img
            src={qr}
            alt={texts.qrAlt}
            width={200}
            height={200}
            className="rounded-lg ring-1 ring-slate-200"
          />
        ) : (
          <div className="size-[200px] animate-pulse rounded-lg bg-slate-100" aria-hidden="true" />
        )}
        <p className="text-sm text-slate-600">{texts.manual}</p>
        <code
          data-testid="two-factor-secret"
          className="block break-all rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm text-slate-900"
        >
          {secretOf(setup.totpURI)}
        </code>
      </section>
      <section className="space-y-3">
        <h3 className="text-sm font-semibold text-slate-900">{texts.backupTitle}</h3>
        <p className="text-sm text-slate-600">{texts.backupHint}</p>
        <ul
          aria-label={texts.backupTitle}
          className="grid grid-cols-2 gap-2 font-mono text-sm text-slate-900 sm:grid-cols-3"
        >
          {setup.backupCodes.map((backup) => (
            <li key={backup} className="rounded bg-slate-100 px-2 py-1 text-center">
              {backup}
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => void copyCodes()}>
            {copied ? texts.copied : texts.copy}
          </Button>
          <Button variant="secondary" onClick={downloadCodes}>
            {texts.download}
          </Button>
        </div>
      </section>
      <form onSubmit={submit} noValidate className="space-y-3">
        <h3 className="text-sm font-semibold text-slate-900">{texts.confirmTitle}</h3>
        <TextField
          label={texts.code}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          invalid={error !== ''}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
        />
        {error ? <FormAlert message={error} /> : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={busy}>
            {texts.confirm}
          </Button>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {texts.cancel}
          </Button>
        </div>
      </form>
    </div>
  );
}
