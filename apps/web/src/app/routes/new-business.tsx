import { businessLimit } from '@rumbo/contract';
import type { QueryClient } from '@tanstack/react-query';
import { redirect, useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { meQueryOptions } from '../../features/auth/hooks/use-me.ts';
import { businessesQueryOptions } from '../../features/businesses/api/businesses.ts';
import { BusinessWizard } from '../../features/businesses/components/business-wizard.tsx';
import { hasSession } from '../route-session.ts';

/**
 * product.md §2.3 'New-business guard': with as many businesses as the plan allows, the user goes to
 * /chats/true instead (a user without a plan allows none, and the root sends them to /plans). The
 * server enforces the same limit.
 */
export function createLoader(queryClient: QueryClient) {
  return async () => {
    if (!(await hasSession(queryClient))) return null;
    try {
      const [me, businesses] = await Promise.all([
        queryClient.ensureQueryData(meQueryOptions()),
        queryClient.ensureQueryData(businessesQueryOptions()),
      ]);
      if (businesses.length >= businessLimit(me.plan_id)) return redirect(paths.chatsForced);
    } catch {
      return redirect(paths.chats);
    }
    return null;
  };
}

/** product.md §2.7: closing goes to /chats; a created business to /chats/true. */
export function Component() {
  const navigate = useNavigate();
  return (
    <BusinessWizard
      mode="create"
      onExit={() => void navigate(paths.chats)}
      onDone={() => void navigate(paths.chatsForced)}
    />
  );
}
