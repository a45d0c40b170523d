import { type Business, ERROR_CODES } from '@rumbo/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { copy } from '../../../config/copy.es.ts';
import { ApiError } from '../../../lib/api-client.ts';
import {
  type BusinessInput,
  businessQueryKeys,
  createBusiness,
  scheduleResearch,
  updateBusiness,
  uploadLogo,
} from '../api/businesses.ts';
import type { LogoValue } from '../wizard/form-values.ts';
import { initialOf, renderGradientLogo } from '../wizard/logo.ts';

const t = copy.businesses.wizard.errors;

/** Puts the saved business into the cached list (product.md §4: the list is updated locally). */
export function putInBusinessCache(queryClient: QueryClient, business: Business): void {
  queryClient.setQueryData<Business[]>(businessQueryKeys.list, (list) =>
    list ? [...list.filter((b) => b.id !== business.id), business].sort((a, b) => a.id - b.id) : list,
  );
  queryClient.setQueryData(businessQueryKeys.one(business.stage, business.id), business);
}

export type SaveOutcome =
  | { ok: true; business: Business }
  /** `field` names what the server refused, when it said. */
  | { ok: false; message: string; field?: string };

/** A Spanish sentence for a failed call: the server's own when it gave one, else a generic one. */
function failureMessage(error: unknown, fallback: string): { message: string; field?: string } {
  if (error instanceof ApiError) {
    const fromServer =
      error.code === ERROR_CODES.validation ||
      error.code === ERROR_CODES.businessLimitReached ||
      error.code === ERROR_CODES.payloadTooLarge ||
      error.code === ERROR_CODES.unsupportedMedia;
    if (fromServer && error.message) return { message: error.message, field: error.field };
  }
  return { message: fallback };
}

async function logoBlob(logo: LogoValue, name: string): Promise<{ blob: Blob; fileName: string }> {
  if (logo.kind === 'file') return { blob: logo.file, fileName: logo.file.name };
  if (logo.kind === 'gradient') {
    return { blob: await renderGradientLogo(logo.index, initialOf(name)), fileName: 'logo.png' };
  }
  throw new Error('an existing logo is not uploaded again');
}

/**
 * Saves what the wizard holds (product.md §4 'Wizards'): creates the business (and asks for its research
 * 1 s later) or patches it, then uploads the logo when it is new, then updates the cached list.
 * Nothing is thrown: a failure comes back as a Spanish message, and the wizard keeps its inputs.
 * A creation whose logo failed is remembered, so that trying again does not create it twice.
 */
export function useSaveBusiness(existing?: Business) {
  const queryClient = useQueryClient();
  const created = useRef<Business | null>(null);

  return useCallback(
    async (input: BusinessInput, logo: LogoValue | null, name: string): Promise<SaveOutcome> => {
      const target = existing ?? created.current;
      let business: Business;
      try {
        if (target && target.stage === input.stage) {
          business = await updateBusiness(target.id, input);
        } else {
          business = await createBusiness(input);
          created.current = business;
          scheduleResearch(business.id);
        }
      } catch (error) {
        return { ok: false, ...failureMessage(error, existing ? t.saveFailed : t.createFailed) };
      }

      if (logo && logo.kind !== 'existing') {
        try {
          const { blob, fileName } = await logoBlob(logo, name);
          business = { ...business, logo_url: await uploadLogo(business.stage, business.id, blob, fileName) };
        } catch (error) {
          putInBusinessCache(queryClient, business);
          if (!existing) created.current = business;
          const reason = failureMessage(error, t.logoFailedGeneric).message;
          return {
            ok: false,
            message: t.logoFailed(reason.endsWith('.') ? reason : `${reason}.`),
            field: 'logo',
          };
        }
      }
      putInBusinessCache(queryClient, business);
      return { ok: true, business };
    },
    [existing, queryClient],
  );
}
