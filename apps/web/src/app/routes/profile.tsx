import { useQueryClient } from '@tanstack/react-query';
import { LogOut, ShieldCheck, UserRound } from 'lucide-react';
import { LinkButton } from '../../components/button.tsx';
import { DashboardCard } from '../../components/dashboard-card.tsx';
import { copy } from '../../config/copy.es.ts';
import { publicConfig } from '../../config/public-config.ts';
import type { Profile } from '../../features/auth/api/users.ts';
import { SignOutButton } from '../../features/auth/components/sign-out-button.tsx';
import { useProfile } from '../../features/auth/hooks/use-profile.ts';
import { authQueryKeys } from '../../features/auth/session.ts';
import { AnalyticsPreference } from '../../features/profile/analytics-preference.tsx';
import { ProfileDetails } from '../../features/profile/profile-details.tsx';

const texts = copy.billing.profile;

/** Spec §2.10 'Profile': the user's data and 'Cerrar sesión' (clears cached data, goes to '/'). */
export function Component() {
  const profile = useProfile();
  const queryClient = useQueryClient();
  return (
    <main className="mx-auto max-w-2xl space-y-6 px-4 py-8 sm:px-8 sm:py-10">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{texts.title}</h1>
      <DashboardCard title={texts.details} icon={UserRound}>
        {profile.data ? (
          <ProfileDetails
            fullName={profile.data.full_name}
            email={profile.data.email}
            productName={publicConfig.productName}
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
            onSaved={(personal) =>
              queryClient.setQueryData<Profile>(authQueryKeys.profile, (current) =>
                current ? { ...current, analytics_personal: personal } : current,
              )
            }
          />
        </DashboardCard>
      ) : null}
      <DashboardCard title={texts.session} icon={LogOut}>
        <p className="text-sm text-slate-600">{texts.sessionHint}</p>
        <SignOutButton className="mt-4 self-start" />
      </DashboardCard>
    </main>
  );
}
