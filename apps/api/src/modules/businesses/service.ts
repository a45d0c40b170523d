import crypto from 'node:crypto';
import {
  type Business,
  type BusinessStage,
  businessLimit,
  businessLimitMessage,
  ERROR_CODES,
  establishedInputSchema,
  ideaInputSchema,
  NO_PLAN,
} from '@rumbo/contract';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { attachments, businesses, users } from '../../db/schema/index.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import type { FileStorage } from '../files/storage.ts';
import { processLogo } from './logo.ts';

type Row = typeof businesses.$inferSelect;
type NewRow = typeof businesses.$inferInsert;

/** The path segment of each stage in the API (product.md §7: /businesses/ideas, /businesses/established). */
export const STAGE_SEGMENT: Record<BusinessStage, string> = { idea: 'ideas', established: 'established' };

export function logoUrl(row: Row): string | null {
  return row.logoKey
    ? `/api/businesses/${STAGE_SEGMENT[row.stage]}/${row.id}/logo?v=${row.logoVersion}`
    : null;
}

/** The wire shape of product.md §3 'Business'. */
export function toBusiness(row: Row): Business {
  const common = {
    id: row.id,
    name: row.name,
    logo_url: logoUrl(row),
    location: row.location,
    description: row.description,
    goal: row.goal,
    extra_info: row.extraInfo,
    team_description: row.teamDescription,
    team_size: row.teamSize,
    user_position: row.userPosition,
  };
  if (row.stage === 'idea') {
    return {
      ...common,
      stage: 'idea',
      competitor_existence: row.competitorExistence ?? false,
      competitor_differentiation: row.competitorDifferentiation ?? '',
      investment: row.investment ?? 0,
      investment_currency: row.investmentCurrency === 'dollar' ? 'dollar' : 'euro',
    };
  }
  return {
    ...common,
    stage: 'established',
    billing: row.billing ?? 0,
    billing_currency: row.billingCurrency === 'dollar' ? 'dollar' : 'euro',
    ebitda: row.ebitda ?? 0,
    ebitda_currency: row.ebitdaCurrency === 'dollar' ? 'dollar' : 'euro',
    profit_margin: row.profitMargin ?? 0,
    mission_and_vision: row.missionAndVision ?? '',
  };
}

/** Validates a complete input for the stage with the contract's schema; 400 with the first field. */
function validate(stage: BusinessStage, input: unknown): Omit<NewRow, 'userId' | 'stage'> {
  const result = (stage === 'idea' ? ideaInputSchema : establishedInputSchema).safeParse(input);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw badRequest(issue?.message ?? 'Datos no válidos', issue?.path.join('.') || undefined);
  }
  const v = result.data;
  const common = {
    name: v.name,
    location: v.location,
    description: v.description,
    goal: v.goal,
    extraInfo: v.extra_info,
    teamDescription: v.team_description,
    teamSize: v.team_size,
    userPosition: v.user_position,
  };
  if ('competitor_existence' in v) {
    return {
      ...common,
      competitorExistence: v.competitor_existence,
      competitorDifferentiation: v.competitor_differentiation,
      investment: v.investment,
      investmentCurrency: v.investment_currency,
    };
  }
  return {
    ...common,
    billing: v.billing,
    billingCurrency: v.billing_currency,
    ebitda: v.ebitda,
    ebitdaCurrency: v.ebitda_currency,
    profitMargin: v.profit_margin,
    missionAndVision: v.mission_and_vision,
  };
}

export function createBusinessService(db: Db, storage: FileStorage) {
  async function ownRow(userId: number, stage: BusinessStage, id: number): Promise<Row> {
    const [row] = await db
      .select()
      .from(businesses)
      .where(and(eq(businesses.id, id), eq(businesses.userId, userId), eq(businesses.stage, stage)));
    // Another user's business, or one of the other stage, does not exist for this caller.
    if (!row) throw notFound('Negocio no encontrado');
    return row;
  }

  return {
    async list(userId: number): Promise<Business[]> {
      const rows = await db
        .select()
        .from(businesses)
        .where(eq(businesses.userId, userId))
        .orderBy(asc(businesses.id));
      return rows.map(toBusiness);
    },

    async get(userId: number, stage: BusinessStage, id: number): Promise<Business> {
      return toBusiness(await ownRow(userId, stage, id));
    },

    /**
     * Creates a business within the plan's limit. A user still without a plan may create one (the
     * onboarding registers the business before the plan is chosen).
     */
    async create(userId: number, stage: BusinessStage, input: unknown): Promise<Business> {
      const values = validate(stage, input);
      const row = await db.transaction(async (tx) => {
        // Locks the user so that two concurrent creations cannot both pass the limit.
        const [user] = await tx
          .select({ planId: users.planId })
          .from(users)
          .where(eq(users.id, userId))
          .for('update');
        if (!user) throw notFound('Usuario no encontrado');
        const limit = user.planId === NO_PLAN ? 1 : businessLimit(user.planId);
        const [owned] = await tx.select({ n: count() }).from(businesses).where(eq(businesses.userId, userId));
        if ((owned?.n ?? 0) >= limit) {
          throw new AppError(403, ERROR_CODES.businessLimitReached, businessLimitMessage(limit));
        }
        const [created] = await tx
          .insert(businesses)
          .values({ ...values, userId, stage })
          .returning();
        return created as Row;
      });
      return toBusiness(row);
    },

    /** Applies a partial change; the rules are checked on the business as it would end up. */
    async update(
      userId: number,
      stage: BusinessStage,
      id: number,
      patch: Record<string, unknown>,
    ): Promise<Business> {
      const current = toBusiness(await ownRow(userId, stage, id));
      const values = validate(stage, { ...current, ...patch });
      const [row] = await db
        .update(businesses)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(businesses.id, id), eq(businesses.userId, userId)))
        .returning();
      return toBusiness(row as Row);
    },

    /** Deletes the business with everything that hangs from it (cascade), then its stored files. */
    async remove(userId: number, stage: BusinessStage, id: number): Promise<void> {
      const row = await ownRow(userId, stage, id);
      // The rows go with the business (cascade); their files must be found before.
      const files = await db
        .select({ key: attachments.storageKey })
        .from(attachments)
        .where(eq(attachments.businessId, id));
      await db.delete(businesses).where(and(eq(businesses.id, id), eq(businesses.userId, userId)));
      if (row.logoKey) await storage.delete(row.logoKey);
      for (const file of files) await storage.delete(file.key);
    },

    async setLogo(userId: number, stage: BusinessStage, id: number, upload: Uint8Array): Promise<string> {
      const row = await ownRow(userId, stage, id);
      const image = await processLogo(upload);
      const version = crypto.randomBytes(6).toString('hex');
      const key = `logos/${row.id}/${version}.webp`;
      await storage.put(key, image);
      const [updated] = await db
        .update(businesses)
        .set({ logoKey: key, logoVersion: version, updatedAt: new Date() })
        .where(eq(businesses.id, row.id))
        .returning();
      if (row.logoKey) await storage.delete(row.logoKey);
      return logoUrl(updated as Row) as string;
    },

    async deleteLogo(userId: number, stage: BusinessStage, id: number): Promise<void> {
      const row = await ownRow(userId, stage, id);
      await db
        .update(businesses)
        .set({ logoKey: null, logoVersion: null, updatedAt: new Date() })
        .where(eq(businesses.id, row.id));
      if (row.logoKey) await storage.delete(row.logoKey);
    },

    async readLogo(userId: number, stage: BusinessStage, id: number): Promise<Buffer> {
      const row = await ownRow(userId, stage, id);
      const data = row.logoKey ? await storage.get(row.logoKey) : null;
      if (!data) throw notFound('Este negocio no tiene logo');
      return data;
    },

    /** Throws 404 unless the business belongs to the user. */
    async assertOwner(userId: number, id: number): Promise<Row> {
      const [row] = await db
        .select()
        .from(businesses)
        .where(and(eq(businesses.id, id), eq(businesses.userId, userId)));
      if (!row) throw notFound('Negocio no encontrado');
      return row;
    },
  };
}

export type BusinessService = ReturnType<typeof createBusinessService>;
