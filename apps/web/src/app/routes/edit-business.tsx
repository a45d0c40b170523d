import { BUSINESS_STAGES, type Business, type BusinessStage } from '@rumbo/contract';
import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunctionArgs, redirect, useLoaderData, useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { businessQueryOptions } from '../../features/businesses/api/businesses.ts';
import { BusinessWizard } from '../../features/businesses/components/business-wizard.tsx';
import { hasSession } from '../route-session.ts';

function isStage(value: string | undefined): value is BusinessStage {
  return (BUSINESS_STAGES as readonly string[]).includes(value ?? '');
}

/** product.md §2.1 and §2.3: the business is loaded before the wizard opens; without it, /chats. */
export function createLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs): Promise<Business | Response | null> => {
    if (!(await hasSession(queryClient))) return null;
    const id = Number(params.businessId);
    if (!isStage(params.type) || !Number.isInteger(id) || id <= 0) return redirect(paths.chats);
    try {
      return await queryClient.fetchQuery(businessQueryOptions(params.type, id));
    } catch {
      return redirect(paths.chats);
    }
  };
}

/** product.md §2.8: leaving without saving goes to /chats; saved changes to /chats/true. */
export function Component() {
  const business = useLoaderData() as Business | null;
  const navigate = useNavigate();
  if (!business) return null;
  return (
    <BusinessWizard
      key={business.id}
      mode="edit"
      business={business}
      onExit={() => void navigate(paths.chats)}
      onDone={(saved) => void navigate(paths.chatsForced, { state: { edited: saved.id } })}
    />
  );
}
