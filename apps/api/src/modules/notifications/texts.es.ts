// The notifications' Spanish texts (ADR 0056). Task titles and business names are the founder's own
// text: written as data inside «», never as markup.

export interface TaskLine {
  title: string;
  dueDate: string | null;
}

const dayOf = (date: string) => {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
};

export const taskDueTomorrow = (businessName: string, tasks: TaskLine[]) => ({
  title:
    tasks.length === 1
      ? `Mañana vence una tarea de ${businessName}`
      : `Mañana vencen ${tasks.length} tareas de ${businessName}`,
  body: tasks.map((task) => `«${task.title}»`).join('\n'),
});

export const taskOverdue = (businessName: string, task: TaskLine) => ({
  title: `Tarea vencida en ${businessName}`,
  body: `«${task.title}» vencía el ${dayOf(task.dueDate ?? '')} y sigue abierta. Márcala como hecha o cambia su fecha.`,
});

export const creditsLow = (left: number, monthly: number) => ({
  title: 'Te quedan pocos créditos',
  body: `Te quedan ${left} de tus ${monthly} créditos de este periodo (un 20 % o menos). Se renuevan con tu próxima factura.`,
});

export const creditsRenewed = (monthly: number) => ({
  title: 'Tus créditos se han renovado',
  body: `Ya tienes de nuevo tus ${monthly} créditos de este periodo.`,
});

export const researchReady = (businessName: string) => ({
  title: 'Tu estudio de mercado está listo',
  body: `El estudio de mercado de «${businessName}» ha terminado.`,
});

export const researchFailed = (businessName: string, reason: string) => ({
  title: 'No pudimos terminar tu estudio',
  body: `El estudio de mercado de «${businessName}» no pudo terminar. Motivo: ${reason}`,
});

/** The advisor's questions to think about over the week, one a week (in turn). */
const QUESTIONS = [
  '¿Qué tendría que pasar esta semana para que supieras que vas por buen camino?',
  '¿Con qué cliente podrías hablar esta semana para poner a prueba tu idea?',
  '¿Qué tarea llevas tiempo aplazando y qué la hace difícil?',
  '¿Qué cifra de tu negocio te gustaría conocer y todavía no sabes?',
  '¿Qué harías distinto si tuvieras la mitad del tiempo?',
];

export function weeklySummary(
  businessName: string,
  week: string,
  done: string[],
  next: string[],
  experiment: string | null,
) {
  const number = Number(week.slice(-2)) || 0;
  const question = experiment
    ? `¿Qué has aprendido del experimento «${experiment}» y qué te falta para darlo por comprobado?`
    : (QUESTIONS[number % QUESTIONS.length] ?? QUESTIONS[0]);
  return {
    title: `Tu semana en ${businessName}`,
    body: [
      done.length > 0
        ? `Lo que hiciste: ${done.map((t) => `«${t}»`).join(', ')}.`
        : 'Esta semana no marcaste ninguna tarea como hecha.',
      next.length > 0
        ? `Lo siguiente: ${next.map((t) => `«${t}»`).join(', ')}.`
        : 'No tienes tareas abiertas: crea o revisa tu hoja de ruta.',
      `Una pregunta de tu mentor para pensar: ${question}`,
    ].join('\n'),
  };
}
