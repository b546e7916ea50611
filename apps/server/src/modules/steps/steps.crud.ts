import type { CreateStepInput, PatchStepBody } from '@funnelwork/domain';
import {
  cleanStepUrl,
  cloneName,
  evenAbPercents,
  firstFreePath,
  nextOrderIndex,
  stepPathFromName,
} from '@funnelwork/domain/rules';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation, ownedBy } from '../../db/query-helpers.ts';
import { pages, steps } from '../../db/schema/index.ts';
import { HttpError } from '../../plugins/errors.ts';
import { findFunnel, touchFunnel } from '../funnels/funnels.queries.ts';
import {
  findStep,
  listSteps,
  liveStepCount,
  liveStepUrls,
  loadStep,
  pageContentOut,
  stepUrlConflict,
} from './steps.queries.ts';
import {
  contentColumns,
  emptyContent,
  type PageContent,
  pagesOfStep,
  refOf,
  templatePages,
} from './steps.templates.ts';

/** A cleaned step URL, or a 400 naming the field. */
function stepUrl(raw: string, field: string): string {
  const url = cleanStepUrl(raw);
  if (url === '') throw new HttpError(400, `${field}: Step URL is required`, 'validation_error', field);
  if (/[\s?#\\]/.test(url) || url.length > 255) {
    throw new HttpError(
      400,
      `${field}: A step URL may not hold spaces, '?', '#' or '\\' and has at most 255 characters`,
      'validation_error',
      field,
    );
  }
  return url;
}

/** Runs a write that may hit the unique step-URL index, answering 409 for it. */
async function withUrlCheck<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'steps_funnel_url_idx')) throw stepUrlConflict();
    throw error;
  }
}

async function assertUrlFree(
  tx: Db,
  accountId: number,
  funnelId: number,
  url: string,
  exceptStepId?: number,
) {
  const taken = await liveStepUrls(tx, accountId, funnelId, exceptStepId);
  if (taken.includes(url.toLowerCase())) throw stepUrlConflict();
}

/** Renumbers a funnel's live steps 1, 2, 3 … in their current order. */
async function compactOrder(tx: Db, accountId: number, funnelId: number) {
  await tx.execute(sql`
    update steps set order_index = ordered.position
      from (select id, row_number() over (order by order_index, id) as position
              from steps
             where account_id = ${accountId} and funnel_id = ${funnelId} and deleted_at is null) as ordered
     where steps.id = ordered.id and steps.account_id = ${accountId} and steps.order_index <> ordered.position`);
}

/** The steps of a funnel: list, read, create, edit, delete and clone, with their URL and order rules. */
export function createStepsCrud({ db }: { db: Db }) {
  return {
    async list(accountId: number, funnelId: number) {
      await findFunnel(db, accountId, funnelId);
      return listSteps(db, accountId, funnelId);
    },

    async get(accountId: number, stepId: number, funnelId?: number) {
      await findStep(db, accountId, stepId, funnelId);
      return loadStep(db, accountId, stepId);
    },

    /**
     * Creates a step with the spec's payload: the URL is cleaned (or computed from the name), taken
     * URLs answer 409, order_index is the number of existing steps plus one, and each page starts from
     * its template or an empty document.
     */
    async create(
      accountId: number,
      userId: number,
      funnelId: number,
      input: CreateStepInput,
      options: { userTemplateFlag?: boolean } = {},
    ) {
      await findFunnel(db, accountId, funnelId);
      const rawUrl = input.url ?? input.path;
      const url =
        rawUrl !== undefined && cleanStepUrl(rawUrl) !== ''
          ? stepUrl(rawUrl, input.url !== undefined ? 'data.url' : 'data.path')
          : stepUrl(stepPathFromName(input.name).replace(/[?#\\]/g, ''), 'data.name');
      const url2 = input.url2 ? stepUrl(input.url2, 'data.url2') : null;
      const flag = options.userTemplateFlag ?? false;
      const stepTemplate = refOf(input.template_id, flag);

      const stepId = await withUrlCheck(() =>
        db.transaction(async (tx) => {
          await findFunnel(tx, accountId, funnelId);
          await assertUrlFree(tx, accountId, funnelId, url);
          const fromStepTemplate = await templatePages(tx, accountId, stepTemplate);
          // Pages: one per payload entry (each from its own template or the step's), else the
          // template's pages, else one empty page.
          let contents: Array<{ name?: string; content: PageContent }>;
          if (input.pages && input.pages.length > 0) {
            contents = [];
            for (const entry of input.pages) {
              const ref = entry.template_id != null ? refOf(entry.template_id, flag) : stepTemplate;
              const [first] = (await templatePages(tx, accountId, ref)) ?? [];
              contents.push(first ? { name: first.name, content: first } : { content: emptyContent() });
            }
          } else if (fromStepTemplate && fromStepTemplate.length > 0) {
            contents = fromStepTemplate.map((p) => ({ name: p.name, content: p }));
          } else {
            contents = [{ content: emptyContent() }];
          }
          const orderIndex = nextOrderIndex(await liveStepCount(tx, accountId, funnelId));
          const [step] = await tx
            .insert(steps)
            .values({
              accountId,
              funnelId,
              userId,
              name: input.name,
              url,
              url2,
              stepType: input.type,
              orderIndex,
            })
            .returning({ id: steps.id });
          if (!step) throw new Error('step not created');
          const percents = evenAbPercents(contents.length);
          await tx.insert(pages).values(
            contents.map((c, i) => ({
              accountId,
              funnelId,
              stepId: step.id,
              name: contents.length === 1 ? input.name : `${input.name} ${String.fromCharCode(65 + i)}`,
              abPercent: percents[i] ?? 0,
              ...contentColumns(c.content),
            })),
          );
          await touchFunnel(tx, accountId, funnelId);
          return step.id;
        }),
      );
      return loadStep(db, accountId, stepId);
    },

    async patch(
      accountId: number,
      stepId: number,
      funnelId: number | undefined,
      input: PatchStepBody['data'],
    ) {
      const step = await findStep(db, accountId, stepId, funnelId);
      const url = input.url !== undefined ? stepUrl(input.url, 'data.url') : undefined;
      const url2 =
        input.url2 === undefined
          ? undefined
          : input.url2 === null || input.url2.trim() === ''
            ? null
            : stepUrl(input.url2, 'data.url2');
      await withUrlCheck(() =>
        db.transaction(async (tx) => {
          if (url !== undefined) await assertUrlFree(tx, accountId, step.funnelId, url, step.id);
          await tx
            .update(steps)
            .set({
              ...(input.name !== undefined && { name: input.name }),
              ...(url !== undefined && { url }),
              ...(url2 !== undefined && { url2 }),
              ...(input.step_type !== undefined && { stepType: input.step_type }),
              ...(input.order_index !== undefined && { orderIndex: input.order_index }),
              ...(input.thumbnail_hash !== undefined && { thumbnailHash: input.thumbnail_hash }),
              ...(input.ab_type !== undefined && { abType: input.ab_type }),
              ...(input.ob !== undefined && { ob: input.ob }),
              updatedAt: new Date(),
            })
            .where(and(ownedBy(steps, accountId), eq(steps.id, step.id)));
          await touchFunnel(tx, accountId, step.funnelId);
        }),
      );
      return loadStep(db, accountId, stepId);
    },

    /** Soft delete; the remaining steps are renumbered 1, 2, 3 … so the next new step fits after them. */
    async remove(accountId: number, stepId: number, funnelId?: number) {
      const step = await findStep(db, accountId, stepId, funnelId);
      await db.transaction(async (tx) => {
        await tx
          .update(steps)
          .set({ deletedAt: new Date() })
          .where(and(ownedBy(steps, accountId), eq(steps.id, step.id)));
        await compactOrder(tx, accountId, step.funnelId);
        await touchFunnel(tx, accountId, step.funnelId);
      });
    },

    /** Copies a step with its pages into its own funnel or another of the account's, on a free URL. */
    async clone(
      accountId: number,
      userId: number,
      stepId: number,
      options: { funnelId?: number; targetFunnelId?: number; name?: string },
    ) {
      const source = await findStep(db, accountId, stepId, options.funnelId);
      const targetFunnelId = options.targetFunnelId ?? source.funnelId;
      const copyId = await withUrlCheck(() =>
        db.transaction(async (tx) => {
          await findFunnel(tx, accountId, targetFunnelId);
          const url = firstFreePath(source.url, await liveStepUrls(tx, accountId, targetFunnelId));
          const orderIndex = nextOrderIndex(await liveStepCount(tx, accountId, targetFunnelId));
          const [copy] = await tx
            .insert(steps)
            .values({
              accountId,
              funnelId: targetFunnelId,
              userId,
              name: options.name?.trim() || cloneName(source.name),
              url,
              url2: source.url2,
              stepType: source.stepType,
              ob: source.ob,
              orderIndex,
              thumbnailHash: source.thumbnailHash,
              abType: source.abType,
            })
            .returning({ id: steps.id });
          if (!copy) throw new Error('step not copied');
          const sourcePages = await pagesOfStep(tx, accountId, source.id);
          if (sourcePages.length > 0) {
            await tx.insert(pages).values(
              sourcePages.map((p) => ({
                accountId,
                funnelId: targetFunnelId,
                stepId: copy.id,
                name: p.name,
                abPercent: p.abPercent,
                abGeo: p.abGeo,
                abState: p.abState,
                ...contentColumns(pageContentOut(p)),
              })),
            );
          }
          await touchFunnel(tx, accountId, targetFunnelId);
          return copy.id;
        }),
      );
      return loadStep(db, accountId, copyId);
    },
  };
}
