import { type FormEvent, useState } from 'react';
import { Button, LinkButton } from '../../../components/button.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { twoFactorCopy as texts } from '../../../config/copy/two-factor.es.ts';
import type { AuthUser } from '../api/auth-client.ts';
import { AUTH_BASE_PATH } from '../api/auth-paths.ts';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in.ts';
import { ViewHeading } from './auth-layout.tsx';

type Answer =
  | { ok: true; user: Pick<AuthUser, 'id' | 'name' | 'email'> }
  | { ok: false; message: string; expired: boolean };

/**
 * Sends the code to Better Auth's two-factor endpoints with plain fetch: the client plugin would add
 * its weight to the login's budget (ADR 0012). The challenge travels in the cookie the password
 * sign-in set; its 'remember me' choice too, so the session created here honours it.
 */
async function verify(kind: 'totp' | 'backup', code: string): Promise<Answer> {
  const path = kind === 'totp' ? 'verify-totp' : 'verify-backup-code';
  let response: Response;
  try {
    response = await fetch(`${AUTH_BASE_PATH}/two-factor/${path}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    });
  } catch {
    return { ok: false, message: texts.failed, expired: false };
  }
  const body = (await response.json().catch(() => ({}))) as {
    user?: Pick<AuthUser, 'id' | 'name' | 'email'>;
    code?: string;
  };
  if (response.ok && body.user) return { ok: true, user: body.user };
  switch (body.code) {
    case 'INVALID_CODE':
    case 'INVALID_BACKUP_CODE':
      return { ok: false, message: texts.wrongCode, expired: false };
    // The challenge is gone: older than its 10 minutes, spent, or ended after too many wrong codes.
    case 'INVALID_TWO_FACTOR_COOKIE':
    case 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE':
      return { ok: false, message: texts.expired, expired: true };
    default:
      return { ok: false, message: response.status === 429 ? texts.tooMany : texts.failed, expired: false };
  }
}

/** product.md §4 'second-factor-required': the code from the authenticator app, or a backup code. */
export default function TwoFactorForm({ onBack }: { onBack: () => void }) {
  const [kind, setKind] = useState<'totp' | 'backup'>('totp');
  const [code, setCode] = useState('');
  const [error, setError] = useState<{ message: string; expired: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const completeSignIn = useCompleteSignIn();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (!value) {
      setError({ message: texts.wrongCode, expired: false });
      return;
    }
    setBusy(true);
    setError(null);
    const answer = await verify(kind, value);
    if (answer.ok) {
      try {
        await completeSignIn(answer.user, { isNewUser: false });
        return;
      } catch {
        setError({ message: texts.failed, expired: false });
      }
    } else {
      setError(answer);
      setCode('');
    }
    setBusy(false);
  };

  const switchKind = () => {
    setKind(kind === 'totp' ? 'backup' : 'totp');
    setCode('');
    setError(null);
  };

  return (
    <>
      <ViewHeading title={texts.title} subtitle={kind === 'totp' ? texts.subtitle : texts.backupSubtitle} />
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          key={kind}
          label={kind === 'totp' ? texts.code : texts.backupCode}
          inputMode={kind === 'totp' ? 'numeric' : 'text'}
          autoComplete="one-time-code"
          maxLength={kind === 'totp' ? 6 : 40}
          value={code}
          invalid={error !== null && !error.expired}
          onChange={(event) => setCode(event.target.value)}
          autoFocus
        />
        {error ? <FormAlert message={error.message} /> : null}
        {error?.expired ? (
          <Button className="w-full" onClick={onBack}>
            {texts.back}
          </Button>
        ) : (
          <Button type="submit" className="w-full" loading={busy}>
            {texts.verify}
          </Button>
        )}
      </form>
      <div className="mt-6 flex flex-col items-center gap-3 text-sm">
        <LinkButton onClick={switchKind}>{kind === 'totp' ? texts.useBackup : texts.useApp}</LinkButton>
        <LinkButton onClick={onBack}>{texts.back}</LinkButton>
      </div>
    </>
  );
}
