import { useSearchParams } from 'react-router';
import { AuthLayout } from '../../features/auth/components/auth-layout.tsx';
import { UnsubscribeScreen } from '../../features/profile/unsubscribe-screen.tsx';

/** /baja?token=…: a product mail's footer link turns its mails off, signed in or not (ADR 0050). */
export function Component() {
  const [params] = useSearchParams();
  return (
    <AuthLayout>
      <UnsubscribeScreen token={params.get('token')} />
    </AuthLayout>
  );
}
