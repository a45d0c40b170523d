import { PRODUCT_EVENTS } from '@rumbo/contract';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { PaymentCancelScreen } from '../../features/billing/components/payment-result.tsx';
import { track } from '../../lib/analytics/client.ts';

/** product.md §2.11 'stripe_cancel' (open: no login check). */
export function Component() {
  const navigate = useNavigate();
  useEffect(() => track(PRODUCT_EVENTS.checkoutResult, { result: 'cancelled' }), []);
  return <PaymentCancelScreen onDone={() => void navigate(paths.home, { replace: true })} />;
}
