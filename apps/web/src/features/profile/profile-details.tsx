import { Globe, Mail, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { TextField } from '../../components/text-field.tsx';
import { copy } from '../../config/copy.es.ts';
import type { SavedUser } from './api/account.ts';
import { NameForm } from './name-form.tsx';

const texts = copy.billing.profile;

/**
 * product.md §2.10 'Profile': full name (editable, ADR 0047), e-mail (read-only) and language (Spanish only).
 */
export function ProfileDetails({
  fullName,
  email,
  productName,
  onNameSaved,
}: {
  fullName: string;
  email: string;
  productName: string;
  onNameSaved: (user: SavedUser) => void;
}) {
  return (
    <div className="space-y-5">
      <FieldRow icon={<UserRound className="size-4" aria-hidden="true" />}>
        <NameForm fullName={fullName} onSaved={onNameSaved} />
      </FieldRow>
      <FieldRow icon={<Mail className="size-4" aria-hidden="true" />}>
        <TextField
          label={texts.email}
          type="email"
          value={email}
          readOnly
          hint={texts.emailHint}
          className="read-only:bg-slate-50 read-only:text-slate-700"
        />
      </FieldRow>
      <FieldRow icon={<Globe className="size-4" aria-hidden="true" />}>
        <TextField
          label={texts.language}
          value={texts.spanish}
          readOnly
          lang="es"
          hint={texts.languageHint(productName)}
          className="read-only:bg-slate-50 read-only:text-slate-700"
        />
      </FieldRow>
    </div>
  );
}

function FieldRow({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <div className="flex gap-3">
      <span className="mt-7 hidden size-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-500 sm:flex">
        {icon}
      </span>
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
