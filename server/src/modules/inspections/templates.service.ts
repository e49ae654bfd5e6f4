/** Inspection checklists (templates): list, create, edit, archive, and the ready-made starters copied in. */
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import { inReaderLanguage, starterTemplate } from '@domain/inspection-starters';
import type { StarterKey, TemplateDto, TemplateInput } from '@domain/schemas/inspections';
import type { DbOrTx } from '../../db/client';
import { equipment, inspectionTemplate, type TemplateItem } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { notFound } from '../../lib/errors';
import type { CompanyContext } from '../../plugins/session';
import { LIST_LIMIT } from './inspection-rows';

type TemplateRow = typeof inspectionTemplate.$inferSelect;

export function toTemplateDto(t: TemplateRow): TemplateDto {
  return {
    id: t.id,
    name: t.name,
    equipmentTypes: t.equipmentTypes,
    equipmentIds: t.equipmentIds,
    daily: t.daily,
    items: t.items.map((i) => ({
      id: i.id,
      label: i.label,
      help: i.help,
      kind: i.kind,
      unit: i.unit,
      required: i.required,
      critical: i.critical,
    })),
    starter: t.starter,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

/** Whether a template applies to a machine: by its type, or by naming the machine. */
export function appliesTo(
  t: Pick<TemplateRow, 'equipmentTypes' | 'equipmentIds'>,
  m: { id: string; type: string },
): boolean {
  return t.equipmentTypes.includes(m.type) || t.equipmentIds.includes(m.id);
}

export const activeTemplates = (db: DbOrTx, companyId: string) =>
  db
    .select()
    .from(inspectionTemplate)
    .where(and(eq(inspectionTemplate.companyId, companyId), isNull(inspectionTemplate.archivedAt)))
    .orderBy(asc(inspectionTemplate.name))
    .limit(LIST_LIMIT);

/** The company's checklists; ready-made texts nobody edited are in the reader's language. */
export async function listTemplates(
  deps: Deps,
  ctx: CompanyContext,
  lang: 'en' | 'es',
): Promise<TemplateDto[]> {
  return (await activeTemplates(deps.db, ctx.companyId)).map((t) =>
    inReaderLanguage(toTemplateDto(t), lang),
  );
}

/** Machines a template names must be the company's own (a foreign id is not found). */
async function checkMachines(db: DbOrTx, ctx: CompanyContext, ids: string[]) {
  if (ids.length === 0) return;
  const [row] = await db
    .select({ n: count() })
    .from(equipment)
    .where(and(eq(equipment.companyId, ctx.companyId), inArray(equipment.id, ids)));
  if (Number(row?.n ?? 0) !== new Set(ids).size) throw notFound('equipment.notFound');
}

const itemsOf = (input: TemplateInput): TemplateItem[] =>
  input.items.map((i) => ({
    id: i.id,
    label: i.label,
    help: i.help,
    kind: i.kind,
    unit: i.kind === 'number' ? i.unit : '',
    required: i.required,
    critical: i.kind === 'passFail' ? i.critical : false,
  }));

export async function createTemplate(
  deps: Deps,
  ctx: CompanyContext,
  input: TemplateInput,
  starter: StarterKey | null = null,
): Promise<TemplateDto> {
  await checkMachines(deps.db, ctx, input.equipmentIds);
  const now = deps.now();
  const [row] = await deps.db
    .insert(inspectionTemplate)
    .values({
      companyId: ctx.companyId,
      name: input.name,
      equipmentTypes: [...new Set(input.equipmentTypes)],
      equipmentIds: [...new Set(input.equipmentIds)],
      daily: input.daily,
      items: itemsOf(input),
      starter,
      createdBy: ctx.userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return toTemplateDto(row!);
}

export async function updateTemplate(
  deps: Deps,
  ctx: CompanyContext,
  id: string,
  input: TemplateInput,
): Promise<TemplateDto> {
  await checkMachines(deps.db, ctx, input.equipmentIds);
  const [row] = await deps.db
    .update(inspectionTemplate)
    .set({
      name: input.name,
      equipmentTypes: [...new Set(input.equipmentTypes)],
      equipmentIds: [...new Set(input.equipmentIds)],
      daily: input.daily,
      items: itemsOf(input),
      updatedAt: deps.now(),
    })
    .where(
      and(
        eq(inspectionTemplate.id, id),
        eq(inspectionTemplate.companyId, ctx.companyId),
        isNull(inspectionTemplate.archivedAt),
      ),
    )
    .returning();
  if (!row) throw notFound('inspections.templateNotFound');
  return toTemplateDto(row);
}

/** Archived, not deleted: past inspections keep the labels they were asked with anyway. */
export async function archiveTemplate(deps: Deps, ctx: CompanyContext, id: string) {
  const rows = await deps.db
    .update(inspectionTemplate)
    .set({ archivedAt: deps.now() })
    .where(
      and(
        eq(inspectionTemplate.id, id),
        eq(inspectionTemplate.companyId, ctx.companyId),
        isNull(inspectionTemplate.archivedAt),
      ),
    )
    .returning({ id: inspectionTemplate.id });
  if (rows.length === 0) throw notFound('inspections.templateNotFound');
  return { ok: true };
}

/** A ready-made checklist copied into the company, in the chosen language, to edit as its own. */
export function copyStarter(
  deps: Deps,
  ctx: CompanyContext,
  starter: StarterKey,
  language: 'en' | 'es',
): Promise<TemplateDto> {
  return createTemplate(deps, ctx, starterTemplate(starter, language), starter);
}
