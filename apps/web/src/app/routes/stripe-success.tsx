import { PRODUCT_EVENTS } from '@rumbo/contract';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { PaymentSuccessScreen } from '../../features/billing/components/payment-result.tsx';
import { track } from '../../lib/analytics/client.ts';
import { useRefreshAccount } from '../use-refresh-account.ts';

/**
 * product.md §2.11 'stripe_success' (open: no login check). Once the payment is known, the cached plan and
 * credits are dropped so that the home shows the new ones.
 */
export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const refreshAccount = useRefreshAccount();
  return (
    <PaymentSuccessScreen
      sessionId={params.get('session_id') || null}
      onSettled={(result) => {
        track(PRODUCT_EVENTS.checkoutResult, { result });
        void refreshAccount();
      }}
      onDone={() => void navigate(paths.home, { replace: true })}
    />
  );
}
