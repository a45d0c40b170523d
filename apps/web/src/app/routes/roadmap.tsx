import { Navigate, useParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useMe } from '../../features/auth/hooks/use-me.ts';
import { RoadmapScreen } from '../../features/roadmap/components/roadmap-screen.tsx';
import { AppFrame } from '../app-frame.tsx';

/** /roadmap/{businessId}: the business's roadmap (ADR 0055), with the user's plan from auth. */
export function Component() {
  const { businessId = '' } = useParams();
  const id = Number(businessId);
  const me = useMe();
  if (!Number.isSafeInteger(id) || id <= 0) return <Navigate to={paths.chats} replace />;
  // The root opens this screen only once the product user has loaded.
  if (!me.data) return null;
  return (
    <AppFrame>
      <RoadmapScreen businessId={id} planId={me.data.plan_id} />
    </AppFrame>
  );
}
