import { TASK_KIND_LABELS, TASK_STATUS_LABELS, type TaskKind, type TaskStatus } from '@rumbo/contract';
import { estimateTokens } from '../../lib/estimate-tokens.ts';
import { asPromptData } from '../../lib/outside-text.ts';

/** The business's roadmap as the chat's read gives it (docs/decisions/0055). */
export interface RoadmapForPrompt {
  /** Pending and under-way tasks, in the roadmap's order. */
  open: Array<{
    title: string;
    status: TaskStatus;
    kind: TaskKind;
    done_when: string;
    due_date: string | null;
    milestone: string;
    stage: string | null;
  }> | null;
  /** Tasks done lately, the latest first. */
  done: Array<{ title: string; completed_at: string }> | null;
  /** When the founder last asked something about this business (the last conversation), if ever. */
  last_talk?: string | null;
}

/** Tokens the roadmap may take in the advisor's prompt (on top of the research's and the plan's). */
export const ROADMAP_TOKEN_BUDGET = 700;
/** How far back 'done lately' goes. */
export const ROADMAP_DONE_DAYS = 14;

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/**
 * The roadmap's open tasks, in order, and what was done lately, for the advisor (docs/decisions/0055):
 * '¿qué me toca esta semana?' is answered from the founder's own plan of action. The titles are the
 * founder's (or the report's) text: data. Tasks are added while they fit in the budget; the rest are counted.
 */
export function roadmapBlock(roadmap: RoadmapForPrompt, budget = ROADMAP_TOKEN_BUDGET): string | null {
  const open = roadmap.open ?? [];
  const done = roadmap.done ?? [];
  if (open.length === 0 && done.length === 0) return null;
  const closing =
    'Cuando te pregunten qué les toca, qué hacer esta semana o por dónde seguir, responde a partir de estas tareas abiertas, en su orden (las que están en curso primero), y di que salen de su hoja de ruta. ' +
    'Si propones tareas nuevas para su hoja de ruta, añade al final de tu respuesta una línea por tarea con este formato exacto, que el emprendedor podrá añadir con un clic: [[tarea-hoja-de-ruta título corto :: cómo sabrá que está hecha]]';
  const header = 'Hoja de ruta del emprendedor: tareas abiertas, en orden:';
  let block = header;
  let shown = 0;
  const fits = (extra: string) => estimateTokens(`${block}\n${extra}\n${closing}`) <= budget;
  for (const task of open) {
    const where = task.stage ? `${task.stage} · ${task.milestone}` : task.milestone;
    const parts = [
      `- [${TASK_STATUS_LABELS[task.status]}]${task.kind === 'tarea' ? '' : ` ${TASK_KIND_LABELS[task.kind]}:`} ${asPromptData(clip(task.title, 200))}`,
      `(${asPromptData(clip(where, 120))}`,
      ...(task.due_date ? [`; para el ${task.due_date}`] : []),
      ...(task.done_when ? [`; hecha cuando: ${asPromptData(clip(task.done_when, 160))}`] : []),
      ')',
    ];
    const line = `${parts[0]} ${parts.slice(1).join('')}`;
    if (!fits(line)) break;
    block += `\n${line}`;
    shown += 1;
  }
  if (shown === 0 && open.length === 0) block += '\n- (ninguna)';
  if (shown < open.length) block += `\n- … y ${open.length - shown} tareas abiertas más.`;
  if (done.length > 0) {
    const heading = `Hechas en los últimos ${ROADMAP_DONE_DAYS} días:`;
    if (fits(heading)) {
      block += `\n${heading}`;
      const since = roadmap.last_talk ? Date.parse(roadmap.last_talk) : Number.NaN;
      for (const task of done) {
        const isNew = !Number.isNaN(since) && Date.parse(task.completed_at) > since;
        const line = `- ${asPromptData(clip(task.title, 200))} (${task.completed_at.slice(0, 10)}${isNew ? ', hecha desde vuestra última conversación' : ''})`;
        if (!fits(line)) break;
        block += `\n${line}`;
      }
    }
  }
  return `${block}\n\n${closing}`;
}
