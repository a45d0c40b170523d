import { ScreenPlaceholder } from '../../components/screen-placeholder.tsx';
import { copy } from '../../config/copy.es.ts';
import { SignOutButton } from '../../features/auth/components/sign-out-button.tsx';

export function Component() {
  return (
    <ScreenPlaceholder title={copy.screens.onboarding}>
      <SignOutButton />
    </ScreenPlaceholder>
  );
}
