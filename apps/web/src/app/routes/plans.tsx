import { ScreenPlaceholder } from '../../components/screen-placeholder.tsx';
import { copy } from '../../config/copy.es.ts';
import { SignOutButton } from '../../features/auth/components/sign-out-button.tsx';

/** Spec §2.10: plan selection has a logout button (a user without a plan cannot leave this screen). */
export function Component() {
  return (
    <ScreenPlaceholder title={copy.screens.plans}>
      <SignOutButton />
    </ScreenPlaceholder>
  );
}
