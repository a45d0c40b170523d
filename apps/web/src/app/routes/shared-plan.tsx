import { useParams } from 'react-router';
import { SharedPlanScreen } from '../../features/finance/components/shared-plan-screen.tsx';

/** /compartido/{token}: a financial plan shared read-only (ADR 0042); open, like the legal pages. */
export function Component() {
  const { token = '' } = useParams();
  return <SharedPlanScreen token={token} />;
}
