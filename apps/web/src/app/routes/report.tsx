import { Navigate, useParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useMe } from '../../features/auth/hooks/use-me.ts';
import { ReportScreen } from '../../features/research/components/report-screen.tsx';
import { AppFrame } from '../app-frame.tsx';

/** /report/{businessId}: the business's market-research report (ADR 0016). */
export function Component() {
  const { businessId = '' } = useParams();
  const me = useMe();
  const id = Number(businessId);
  if (!Number.isSafeInteger(id) || id <= 0) return <Navigate to={paths.chats} replace />;
  // The plan decides what the screen offers (ADR 0049): 'Empezar estudio', or 'Mejorar plan'.
  return (
    <AppFrame>
      <ReportScreen businessId={id} planId={me.data?.plan_id ?? -1} />
    </AppFrame>
  );
}
