import { hasNotifications } from '@rumbo/contract';
import { useQueryClient } from '@tanstack/react-query';
import {
  Archive,
  Bell,
  KeyRound,
  LogOut,
  Mail,
  ShieldCheck,
  Smartphone,
  Trash2,
  UserRound,
} from 'lucide-react';
import { useNavigate } from 'react-router';
import { LinkButton } from '../../components/button.tsx';
import { DashboardCard } from '../../components/dashboard-card.tsx';
import { accountCopy } from '../../config/copy/account.es.ts';
import { notificationsCopy } from '../../config/copy/notifications.es.ts';
import { copy } from '../../config/copy.es.ts';
import { publicConfig } from '../../config/public-config.ts';
import type { ProductUser, Profile } from '../../features/auth/api/users.ts';
import { SignOutButton } from '../../features/auth/components/sign-out-button.tsx';
import { useMe } from '../../features/auth/hooks/use-me.ts';
import { useProfile } from '../../features/auth/hooks/use-profile.ts';
import { accountDeletedPath, clearSessionState } from '../../features/auth/session.ts';
import { NotificationPreferences } from '../../features/notifications/notification-preferences.tsx';
import { AnalyticsPreference } from '../../features/profile/analytics-preference.tsx';
import { DeleteAccount } from '../../features/profile/delete-account.tsx';
import { DownloadData } from '../../features/profile/download-data.tsx';
import { MailPreference } from '../../features/profile/mail-preference.tsx';
import { PasswordForm } from '../../features/profile/password-form.tsx';
import { ProfileDetails } from '../../features/profile/profile-details.tsx';
import { TwoFactorSection } from '../../features/profile/two-factor-section.tsx';
import { accountQueryKeys } from '../../lib/query-keys.ts';

const texts = copy.billing.profile;

/**
 * product.md §2.10 'Profile': the user's data and 'Cerrar sesión' (clears cached data, goes to '/'), and the
 * account controls of ADR 0047 (name, password, two-factor sign-in, data download, deletion).
 */
export function Component() {
  const profile = useProfile();
  const me = useMe();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const updateProfile = (change: Partial<Profile>) =>
    queryClient.setQueryData<Profile>(accountQueryKeys.profile, (current) =>
      current ? { ...current, ...change } : current,
    );
  return (
    <main className="mx-auto max-w-2xl space-y-6 px-4 py-8 sm:px-8 sm:py-10">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{texts.title}</h1>
      <DashboardCard title={texts.details} icon={UserRound}>
        {profile.data ? (
          <ProfileDetails
            fullName={profile.data.full_name}
            email={profile.data.email}
            productName={publicConfig.productName}
            onNameSaved={(user) => {
              // The shell, the home greeting and this page read these caches: all show it at once.
              queryClient.setQueryData<ProductUser>(accountQueryKeys.me, (current) =>
                current ? { ...current, full_name: user.full_name } : current,
              );
              updateProfile({ full_name: user.full_name });
            }}
          />
        ) : profile.isError ? (
          <p role="alert" className="text-sm text-slate-700">
            {texts.loadFailed} <LinkButton onClick={() => void profile.refetch()}>{texts.retry}</LinkButton>
          </p>
        ) : (
          <div role="status" className="space-y-4">
            <span className="sr-only">{copy.common.loading}</span>
            {[0, 1, 2].map((row) => (
              <div key={row} className="h-16 animate-pulse rounded-lg bg-slate-100" aria-hidden="true" />
            ))}
          </div>
        )}
      </DashboardCard>
      {profile.data ? (
        <DashboardCard title={texts.privacy} icon={ShieldCheck}>
          <AnalyticsPreference
            personal={profile.data.analytics_personal}
            onSaved={(personal) => updateProfile({ analytics_personal: personal })}
          />
        </DashboardCard>
      ) : null}
      {profile.data ? (
        <DashboardCard title={texts.mailTitle} icon={Mail}>
          <MailPreference
            on={profile.data.product_mail}
            onSaved={(on) => updateProfile({ product_mail: on })}
          />
        </DashboardCard>
      ) : null}
      {profile.data ? (
        <DashboardCard title={notificationsCopy.preferences.title} icon={Bell}>
          <NotificationPreferences hasNotifications={hasNotifications(me.data?.plan_id ?? -1)} />
        </DashboardCard>
      ) : null}
      {profile.data ? (
        <>
          <DashboardCard title={accountCopy.password.title} icon={KeyRound}>
            <PasswordForm />
          </DashboardCard>
          <DashboardCard title={accountCopy.twoFactor.title} icon={Smartphone}>
            <TwoFactorSection
              enabled={profile.data.two_factor_enabled}
              productName={publicConfig.productName}
              onChanged={(enabled) => updateProfile({ two_factor_enabled: enabled })}
            />
          </DashboardCard>
          <DashboardCard title={accountCopy.data.title} icon={Archive}>
            <DownloadData />
          </DashboardCard>
        </>
      ) : null}
      <DashboardCard title={texts.session} icon={LogOut}>
        <p className="text-sm text-slate-600">{texts.sessionHint}</p>
        <SignOutButton className="mt-4 self-start" />
      </DashboardCard>
      {profile.data ? (
        <DashboardCard title={accountCopy.deletion.title} icon={Trash2}>
          <DeleteAccount
            email={profile.data.email}
            onDeleted={() => {
              clearSessionState(queryClient);
              void navigate(accountDeletedPath, { replace: true });
            }}
          />
        </DashboardCard>
      ) : null}
    </main>
  );
}
