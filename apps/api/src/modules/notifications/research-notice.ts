import { hasNotifications } from '@rumbo/contract';
import type { Db } from '../../db/client.ts';
import { insertNotification, kindIsOn, preferencesOf } from './notification-store.ts';
import { researchFailed, researchReady } from './texts.es.ts';

export interface EndedRun {
  id: number;
  status: string;
  error: string | null;
  businessId: number;
  businessName: string;
  userId: number;
  planId: number;
  productMail: boolean;
}

/**
 * 'Tu estudio de mercado está listo' or 'No pudimos terminar tu estudio' in the centre (ADR 0056), made
 * where the study's mail is sent, once per run. Says whether the study's own mail goes now: on a plan
 * with the notifications it follows their preferences (the kind off, or 'Nunca', sends none; a digest
 * takes it into the digest instead).
 */
export async function noticeResearchEnded(db: Db, run: EndedRun): Promise<{ mailNow: boolean }> {
  if (!hasNotifications(run.planId)) return { mailNow: run.productMail };
  const completed = run.status === 'completed';
  if (!completed && run.status !== 'failed') return { mailNow: run.productMail };
  const kind = completed ? 'estudio_listo' : 'estudio_fallido';
  const preferences = await preferencesOf(db, run.userId);
  if (!kindIsOn(preferences, kind)) return { mailNow: false };
  const frequency = preferences.mail_frequency;
  const text = completed
    ? researchReady(run.businessName)
    : researchFailed(run.businessName, run.error ?? 'La investigación no pudo terminar.');
  await insertNotification(
    db,
    {
      userId: run.userId,
      kind,
      businessId: run.businessId,
      periodKey: `estudio:${run.id}`,
      ...text,
      link: `/report/${run.businessId}`,
    },
    // 'En cuanto pasa': the study's own mail is this notice's e-mail.
    run.productMail && (frequency === 'diario' || frequency === 'semanal') ? 'digest' : 'skipped',
  );
  return { mailNow: run.productMail && frequency === 'inmediato' };
}
