import { Navigate, useParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { ReportScreen } from '../../features/research/components/report-screen.tsx';

/** /report/{businessId}: the business's market-research report (ADR 0016). */
export function Component() {
  const { businessId = '' } = useParams();
  const id = Number(businessId);
  if (!Number.isSafeInteger(id) || id <= 0) return <Navigate to={paths.chats} replace />;
  return <ReportScreen businessId={id} />;
}
