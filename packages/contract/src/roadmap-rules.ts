// The roadmap's constants ('Hoja de ruta', ADR 0055), without zod: screens import them without loading
// the schemas.

/** What a task is: a plain task, an experiment that tests an assumption, or a procedure of the country. */
export const TASK_KINDS = ['tarea', 'experimento', 'tramite'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

export const TASK_KIND_LABELS: Record<TaskKind, string> = {
  tarea: 'Tarea',
  experimento: 'Experimento',
  tramite: 'Trámite',
};

export const TASK_STATUSES = ['pendiente', 'en_curso', 'hecha', 'descartada'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  pendiente: 'Pendiente',
  en_curso: 'En curso',
  hecha: 'Hecha',
  descartada: 'Descartada',
};

/** A task still to do (what the advisor is told about). */
export const isOpenTask = (status: TaskStatus) => status === 'pendiente' || status === 'en_curso';

/** Who wrote the roadmap: the template from the profile (and the report), or the advisor's model. */
export const ROADMAP_ORIGINS = ['plantilla', 'mentor'] as const;
export type RoadmapOrigin = (typeof ROADMAP_ORIGINS)[number];

export const ROADMAP_ORIGIN_LABELS: Record<RoadmapOrigin, string> = {
  plantilla: 'Plantilla a partir de tu perfil',
  mentor: 'Propuesta por tu mentor',
};

/** An idea's stages; an established business's roadmap goes by milestone (no stage). */
export const IDEA_STAGES = ['Próximos 30 días', 'Próximos 60 días', 'Próximos 90 días'] as const;

/** How long a change can be undone ('Deshacer'). */
export const ROADMAP_UNDO_SECONDS = 300;

export const ROADMAP_MILESTONES_MAX = 30;
export const ROADMAP_TASKS_MAX = 200;
export const ROADMAP_TITLE_MAX = 200;
export const ROADMAP_TEXT_MAX = 1000;
export const ROADMAP_NOTES_MAX = 2000;
export const ROADMAP_STAGE_MAX = 60;

/** What 'Revisar mi hoja de ruta' costs when the model writes it: an answer's credit (plan 12 never pays). */
export const ROADMAP_REVIEW_COST = 1;

/** The milestone that keeps the tasks already done when a revision is applied. */
export const DONE_MILESTONE_TITLE = 'Hecho hasta ahora';

/** The message of a plan without the roadmap (403). */
export const ROADMAP_NOT_ALLOWED_MESSAGE =
  'La hoja de ruta personalizada está en los planes CEO. Mejora tu plan para usarla.';

/** A task the advisor proposes in a chat answer, as `[[tarea-hoja-de-ruta title :: done when]]`. */
export interface ProposedAnswerTask {
  title: string;
  done_when: string;
}

const TASK_MARKER = /\[\[tarea-hoja-de-ruta\s+([^\]\n]+?)\s*\]\]/g;

/**
 * The answer's text without its task markers, and the tasks (ADR 0055); a marker still being written at
 * the end of a streaming answer (`[[tarea-ho…`) is left out too.
 */
export function splitRoadmapTasks(text: string): { text: string; tasks: ProposedAnswerTask[] } {
  const tasks: ProposedAnswerTask[] = [];
  const stripped = text.replace(TASK_MARKER, (_marker, body: string) => {
    const [title = '', doneWhen = ''] = body.split('::').map((part) => part.trim());
    if (title) {
      tasks.push({
        title: title.slice(0, ROADMAP_TITLE_MAX),
        done_when: doneWhen.slice(0, ROADMAP_TEXT_MAX),
      });
    }
    return '';
  });
  return { text: stripped.replace(/\[\[[^\]]*$/, '').trimEnd(), tasks };
}
