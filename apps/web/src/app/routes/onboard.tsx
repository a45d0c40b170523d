import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { DemoBanner } from '../../components/demo-banner.tsx';
import { copy } from '../../config/copy.es.ts';
import { paths } from '../../config/paths.ts';
import { SignOutButton } from '../../features/auth/components/sign-out-button.tsx';
import { businessesQueryOptions } from '../../features/businesses/api/businesses.ts';
import { BusinessWizard } from '../../features/businesses/components/business-wizard.tsx';
import { OnboardingScreen } from '../../features/onboarding/components/onboarding-screen.tsx';

/**
 * product.md §2.5: onboarding steps 1 and 2, then the creation wizard as step 3, then /plans. A user who
 * already registered their business (and came back here) goes to /plans after step 2, since the
 * server allows one business before a plan is chosen.
 */
export function Component() {
  const navigate = useNavigate();
  const businesses = useQuery(businessesQueryOptions());
  const toPlans = () => void navigate(paths.plans);
  // No navigation before a plan (ADR 0006), but the demo banner as on every signed-in screen.
  return (
    <>
      <DemoBanner />
      <OnboardingScreen
        headerAction={<SignOutButton />}
        skipBusinessStep={(businesses.data?.length ?? 0) > 0}
        onFinish={toPlans}
        businessStep={(back) => (
          <BusinessWizard
            mode="create"
            variant="embedded"
            typeTitle={copy.businesses.wizard.steps.type.onboardingTitle}
            onBackFromStart={back}
            onDone={toPlans}
          />
        )}
      />
    </>
  );
}
