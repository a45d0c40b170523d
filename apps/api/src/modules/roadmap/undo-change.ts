import { ERROR_CODES, type RoadmapView } from '@rumbo/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { roadmapChanges, roadmaps } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import type { BusinessRow } from '../businesses/business-wire.ts';
import { lastUndoable, restore, roadmapView } from './roadmap-store.ts';

/** 'Deshacer': the last change, while it is younger than ROADMAP_UNDO_SECONDS, is put back. */
/** POST /api/businesses/{id}/roadmap/undo. */
export async function undoChange(db: Db, business: BusinessRow): Promise<RoadmapView> {
  return db.transaction(async (tx) => {
    await tx
      .select({ businessId: roadmaps.businessId })
      .from(roadmaps)
      .where(eq(roadmaps.businessId, business.id))
      .for('update');
    const undoable = await lastUndoable(tx, business.id);
    if (!undoable) {
      throw new AppError(409, ERROR_CODES.nothingToUndo, 'No hay ningún cambio reciente que deshacer.');
    }
    await restore(tx, business.id, undoable.change.before);
    await tx
      .update(roadmapChanges)
      .set({ undoneAt: sql`now()` })
      .where(eq(roadmapChanges.id, undoable.change.id));
    return roadmapView(tx, business);
  });
}
