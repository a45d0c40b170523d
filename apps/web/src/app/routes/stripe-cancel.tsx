import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { PaymentCancelScreen } from '../../features/billing/components/payment-result.tsx';

/** Spec §2.11 'stripe_cancel' (open: no login check). */
export function Component() {
  const navigate = useNavigate();
  return <PaymentCancelScreen onDone={() => void navigate(paths.home, { replace: true })} />;
}
