import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { type RoadmapTask, TASK_KIND_LABELS, TASK_STATUS_LABELS, type TaskPatch } from '@rumbo/contract';
import { GripVertical } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { ActionMenu, type MenuAction } from '../../../components/action-menu.tsx';
import { Button } from '../../../components/button.tsx';
import { roadmapCopy } from '../../../config/copy/roadmap.es.ts';

const t = roadmapCopy.task;

const fieldClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none sm:text-sm';

const dateLabel = (date: string) =>
  new Intl.DateTimeFormat('es-ES', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));

/** The task's own fields, edited in its details: why, when it is done, the date and notes. */
function TaskDetails({
  task,
  onSave,
}: {
  task: RoadmapTask;
  onSave: (patch: TaskPatch) => Promise<boolean>;
}) {
  const id = useId();
  const [why, setWhy] = useState(task.why);
  const [doneWhen, setDoneWhen] = useState(task.done_when);
  const [due, setDue] = useState(task.due_date ?? '');
  const [notes, setNotes] = useState(task.notes);
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const patch: TaskPatch = {};
    if (why !== task.why) patch.why = why;
    if (doneWhen !== task.done_when) patch.done_when = doneWhen;
    if ((due || null) !== task.due_date) patch.due_date = due || null;
    if (notes !== task.notes) patch.notes = notes;
    if (Object.keys(patch).length === 0) return;
    setSaving(true);
    await onSave(patch);
    setSaving(false);
  };
  return (
    <form onSubmit={submit} className="mt-2 space-y-3">
      <div className="space-y-1">
        <label htmlFor={`${id}-why`} className="block text-sm font-medium text-slate-700">
          {t.why}
        </label>
        <textarea
          id={`${id}-why`}
          rows={3}
          value={why}
          onChange={(e) => setWhy(e.target.value)}
          className={fieldClass}
        />
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-done`} className="block text-sm font-medium text-slate-700">
          {t.doneWhen}
        </label>
        <textarea
          id={`${id}-done`}
          rows={2}
          value={doneWhen}
          onChange={(e) => setDoneWhen(e.target.value)}
          className={fieldClass}
        />
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-due`} className="block text-sm font-medium text-slate-700">
          {t.due}
        </label>
        <input
          id={`${id}-due`}
          type="date"
          value={due}
          onChange={(e) => setDue(e.target.value)}
          className={`${fieldClass} max-w-48`}
        />
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-notes`} className="block text-sm font-medium text-slate-700">
          {t.notes}
        </label>
        <textarea
          id={`${id}-notes`}
          rows={2}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          className={fieldClass}
        />
      </div>
      <Button type="submit" variant="secondary" loading={saving}>
        {t.save}
      </Button>
    </form>
  );
}

/** A task's title as a small form: Enter saves, Escape gives up. */
function RenameForm({
  title,
  onSave,
  onCancel,
}: {
  title: string;
  onSave: (title: string) => Promise<boolean>;
  onCancel: () => void;
}) {
  const [value, setValue] = useState(title);
  return (
    <form
      className="flex flex-wrap items-center gap-2"
      onSubmit={async (event) => {
        event.preventDefault();
        const next = value.trim();
        if (!next || next === title) return onCancel();
        if (await onSave(next)) onCancel();
      }}
    >
      <input
        aria-label={t.newTitle}
        // biome-ignore lint/a11y/noAutofocus: the field the person just asked for
        autoFocus
        value={value}
        maxLength={200}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onCancel();
        }}
        className={`${fieldClass} min-w-0 flex-1`}
      />
      <Button type="submit" className="min-h-10 py-1.5">
        {t.save}
      </Button>
      <Button variant="secondary" className="min-h-10 py-1.5" onClick={onCancel}>
        {t.cancel}
      </Button>
    </form>
  );
}

/**
 * One task: its handle (drag, or the keyboard: space, arrows, space), 'Hecha' as a checkbox named by its
 * title, what kind it is and where it stands, its details, and a menu with the rest.
 */
export function TaskItem({
  task,
  first,
  last,
  onChange,
  onMove,
}: {
  task: RoadmapTask;
  first: boolean;
  last: boolean;
  onChange: (patch: TaskPatch) => Promise<boolean>;
  onMove: (position: number) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: task.id });
  const [renaming, setRenaming] = useState(false);
  const checkId = useId();
  const done = task.status === 'hecha';
  const discarded = task.status === 'descartada';
  const actions: MenuAction[] = [
    ...(first ? [] : [{ label: t.moveUp, onSelect: () => onMove(task.position - 1) }]),
    ...(last ? [] : [{ label: t.moveDown, onSelect: () => onMove(task.position + 1) }]),
    { label: t.rename, onSelect: () => setRenaming(true) },
    task.status === 'en_curso'
      ? { label: t.pending, onSelect: () => void onChange({ status: 'pendiente' }) }
      : { label: t.inProgress, onSelect: () => void onChange({ status: 'en_curso' }) },
    discarded
      ? { label: t.restore, onSelect: () => void onChange({ status: 'pendiente' }) }
      : { label: t.discard, onSelect: () => void onChange({ status: 'descartada' }), danger: true },
  ];
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid="tarea"
      className={`rounded-xl bg-white p-3 ring-1 ring-slate-200 ${isDragging ? 'relative z-10 shadow-lg' : ''}`}
    >
      <div className="flex items-start gap-2">
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={t.handle(task.title)}
          title={t.handle(task.title)}
          className="mt-0.5 cursor-grab touch-none rounded-md p-1 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <GripVertical className="size-5" aria-hidden="true" />
        </button>
        <input
          id={checkId}
          type="checkbox"
          checked={done}
          disabled={discarded}
          onChange={() => void onChange({ status: done ? 'pendiente' : 'hecha' })}
          className="mt-1.5 size-5 shrink-0 accent-brand-600"
        />
        <div className="min-w-0 flex-1">
          {renaming ? (
            <RenameForm
              title={task.title}
              onSave={(title) => onChange({ title })}
              onCancel={() => setRenaming(false)}
            />
          ) : (
            <label
              htmlFor={checkId}
              className={`block text-sm font-semibold break-words ${done ? 'text-slate-500 line-through' : discarded ? 'text-slate-500' : 'text-slate-900'}`}
            >
              {task.title}
            </label>
          )}
          <p className="mt-1 flex flex-wrap gap-2 text-xs">
            {task.kind !== 'tarea' ? (
              <span className="rounded-full bg-indigo-50 px-2 py-0.5 font-medium text-indigo-800">
                {TASK_KIND_LABELS[task.kind]}
              </span>
            ) : null}
            {task.status !== 'pendiente' ? (
              <span
                className={`rounded-full px-2 py-0.5 font-medium ${done ? 'bg-green-50 text-green-800' : discarded ? 'bg-slate-100 text-slate-700' : 'bg-amber-50 text-amber-800'}`}
              >
                {TASK_STATUS_LABELS[task.status]}
              </span>
            ) : null}
            {task.due_date ? (
              <span className="text-slate-600">{t.dueShort(dateLabel(task.due_date))}</span>
            ) : null}
          </p>
          {task.done_when ? (
            <p className="mt-1 text-sm text-slate-600">
              <span className="font-medium text-slate-700">{`${t.doneWhen}: `}</span>
              {task.done_when}
            </p>
          ) : null}
          <details className="mt-1 text-sm">
            <summary className="cursor-pointer rounded text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600">
              {t.details}
            </summary>
            <TaskDetails
              key={`${task.why}\u0000${task.done_when}\u0000${task.due_date}\u0000${task.notes}`}
              task={task}
              onSave={onChange}
            />
          </details>
        </div>
        <ActionMenu label={t.menu(task.title)} actions={actions} />
      </div>
    </li>
  );
}
