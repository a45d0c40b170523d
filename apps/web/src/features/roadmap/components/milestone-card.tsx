import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { RoadmapMilestone, TaskPatch } from '@rumbo/contract';
import { Pencil, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { ActionMenu } from '../../../components/action-menu.tsx';
import { Button } from '../../../components/button.tsx';
import { roadmapCopy } from '../../../config/copy/roadmap.es.ts';
import { TaskItem } from './task-item.tsx';

const t = roadmapCopy;

const fieldClass =
  'block w-full min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none sm:text-sm';

export interface MilestoneActions {
  editTask: (taskId: number, patch: TaskPatch) => Promise<boolean>;
  moveTask: (taskId: number, position: number) => void;
  addTask: (milestoneId: number, title: string) => Promise<boolean>;
  renameMilestone: (milestoneId: number, title: string) => Promise<boolean>;
  /** Moves a milestone to a position of the roadmap's whole list. */
  moveMilestone: (milestoneId: number, position: number) => void;
}

/** A milestone: its title (renamed in place), its tasks in order (drag or keyboard) and a field to add one. */
export function MilestoneCard({
  milestone,
  actions,
  headingLevel,
  position,
  canMoveUp,
  canMoveDown,
}: {
  milestone: RoadmapMilestone;
  actions: MilestoneActions;
  headingLevel: 'h2' | 'h3';
  /** Its position in the roadmap's whole list; it moves within its stage only. */
  position: number;
  canMoveUp: boolean;
  canMoveDown: boolean;
}) {
  const id = useId();
  const [renaming, setRenaming] = useState(false);
  const [title, setTitle] = useState(milestone.title);
  const [newTask, setNewTask] = useState('');
  const [adding, setAdding] = useState(false);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const titleOf = (taskId: unknown) => milestone.tasks.find((task) => task.id === taskId)?.title ?? '';
  const positionOf = (taskId: unknown) => milestone.tasks.findIndex((task) => task.id === taskId) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t.announce.picked(titleOf(active.id)),
    onDragOver: ({ active, over }) =>
      over ? t.announce.moved(titleOf(active.id), positionOf(over.id)) : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t.announce.dropped(titleOf(active.id), positionOf(over.id))
        : t.announce.cancelled(titleOf(active.id)),
    onDragCancel: ({ active }) => t.announce.cancelled(titleOf(active.id)),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const to = milestone.tasks.findIndex((task) => task.id === over.id);
    if (to >= 0) actions.moveTask(Number(active.id), to);
  };
  const Heading = headingLevel;
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200">
      <div className="flex items-start gap-2">
        {renaming ? (
          <form
            className="flex flex-1 flex-wrap items-center gap-2"
            onSubmit={async (event) => {
              event.preventDefault();
              const next = title.trim();
              if (next && next !== milestone.title && !(await actions.renameMilestone(milestone.id, next)))
                return;
              setRenaming(false);
            }}
          >
            <input
              id={`${id}-title`}
              aria-label={t.milestone.rename(milestone.title)}
              // biome-ignore lint/a11y/noAutofocus: the field the person just asked for
              autoFocus
              value={title}
              maxLength={200}
              onChange={(e) => setTitle(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Escape') setRenaming(false);
              }}
              className={fieldClass}
            />
            <Button type="submit" className="min-h-10 py-1.5">
              {t.task.save}
            </Button>
            <Button variant="secondary" className="min-h-10 py-1.5" onClick={() => setRenaming(false)}>
              {t.task.cancel}
            </Button>
          </form>
        ) : (
          <>
            <Heading
              id={`${id}-title`}
              className="min-w-0 flex-1 text-base font-bold break-words text-slate-900"
            >
              {milestone.title}
            </Heading>
            <button
              type="button"
              aria-label={t.milestone.rename(milestone.title)}
              title={t.milestone.rename(milestone.title)}
              onClick={() => {
                setTitle(milestone.title);
                setRenaming(true);
              }}
              className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <Pencil className="size-4" aria-hidden="true" />
            </button>
            {canMoveUp || canMoveDown ? (
              <ActionMenu
                label={t.milestone.menu(milestone.title)}
                actions={[
                  ...(canMoveUp
                    ? [
                        {
                          label: t.milestone.moveUp,
                          onSelect: () => actions.moveMilestone(milestone.id, position - 1),
                        },
                      ]
                    : []),
                  ...(canMoveDown
                    ? [
                        {
                          label: t.milestone.moveDown,
                          onSelect: () => actions.moveMilestone(milestone.id, position + 1),
                        },
                      ]
                    : []),
                ]}
              />
            ) : null}
          </>
        )}
      </div>
      {milestone.tasks.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t.milestone.empty}</p>
      ) : null}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable: t.announce.instructions,
          },
        }}
      >
        <SortableContext
          items={milestone.tasks.map((task) => task.id)}
          strategy={verticalListSortingStrategy}
        >
          <ol className="mt-3 space-y-2">
            {milestone.tasks.map((task, index) => (
              <TaskItem
                key={task.id}
                task={task}
                first={index === 0}
                last={index === milestone.tasks.length - 1}
                onChange={(patch) => actions.editTask(task.id, patch)}
                onMove={(position) => actions.moveTask(task.id, position)}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <form
        className="mt-3 flex flex-wrap items-center gap-2"
        onSubmit={async (event) => {
          event.preventDefault();
          const next = newTask.trim();
          if (!next) return;
          setAdding(true);
          if (await actions.addTask(milestone.id, next)) setNewTask('');
          setAdding(false);
        }}
      >
        <input
          aria-label={t.milestone.addTaskTo(milestone.title)}
          placeholder={t.milestone.taskTitle}
          value={newTask}
          maxLength={200}
          onChange={(e) => setNewTask(e.target.value)}
          className={fieldClass}
        />
        <Button type="submit" variant="secondary" loading={adding} className="min-h-10 py-1.5">
          <Plus className="size-4" aria-hidden="true" />
          {t.milestone.addTask}
        </Button>
      </form>
    </section>
  );
}
