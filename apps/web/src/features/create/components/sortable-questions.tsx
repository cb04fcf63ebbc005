import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { MAX_TEXT_ANSWER_CHARACTERS, type Question } from '@candor/domain';
import {
  AlertTriangle,
  ArrowDown,
  ArrowUp,
  Captions,
  GripVertical,
  Pencil,
  Trash2,
  Video,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { cn } from '../../../lib/cn';
import { CaptionsEditor } from './captions-editor';
import { QuestionAudioButton } from './question-audio';

type Props = {
  questions: Question[];
  /** Someone answered (decision 138): no reordering or deleting, editing only. */
  locked?: boolean;
  onReorder: (ids: number[]) => void;
  onEdit: (question: Question) => void;
  onDelete: (question: Question) => void;
  editing: number | null;
  renderEditor: (question: Question) => ReactNode;
};

/** The questions in order; drag by the handle, or with the keyboard (Space, arrows, Space). */
export function SortableQuestions({
  questions,
  locked = false,
  onReorder,
  onEdit,
  onDelete,
  editing,
  renderEditor,
}: Props) {
  const { t } = useTranslation('create');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: sortableKeyboardCoordinates,
    }),
  );
  const ids = questions.map((question) => question.id);
  const move = (from: number, to: number) =>
    onReorder(arrayMove(ids, from, to));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id)));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: t('reorder.instructions') },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className="space-y-3">
          {questions.map((question, index) =>
            editing === question.id ? (
              <li
                key={question.id}
                className="rounded-lg border border-brand-300 bg-surface p-4 shadow-sm"
              >
                {renderEditor(question)}
              </li>
            ) : (
              <SortableQuestion
                key={question.id}
                question={question}
                index={index}
                count={questions.length}
                locked={locked}
                onMove={(to) => move(index, to)}
                onEdit={() => onEdit(question)}
                onDelete={() => onDelete(question)}
              />
            ),
          )}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableQuestion({
  question,
  index,
  count,
  locked,
  onMove,
  onEdit,
  onDelete,
}: {
  question: Question;
  index: number;
  count: number;
  locked: boolean;
  onMove: (to: number) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('create');
  const {
    attributes,
    listeners,
    setNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: question.id, disabled: locked });
  const style = {
    transform: transform
      ? `translate3d(${transform.x}px, ${transform.y}px, 0)`
      : undefined,
    transition,
  };
  return (
    <li
      ref={setNodeRef}
      style={style}
      className={cn(
        'flex gap-3 rounded-lg border border-border bg-surface p-4 shadow-xs',
        isDragging && 'relative z-10 shadow-overlay ring-2 ring-brand-500',
      )}
      data-testid="question-item"
    >
      {!locked && (
        <button
          type="button"
          className="flex h-8 w-6 shrink-0 cursor-grab items-center justify-center rounded text-slate-400 hover:bg-slate-100 hover:text-slate-700 active:cursor-grabbing"
          aria-label={t('reorder.handle', { number: index + 1 })}
          {...attributes}
          {...listeners}
        >
          <GripVertical className="size-4" aria-hidden />
        </button>
      )}
      <div className="min-w-0 flex-1 space-y-2">
        <p className="text-sm font-medium text-ink">
          <span className="mr-2 text-muted">{index + 1}.</span>
          {question.text}
        </p>
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted">
          <span>{question.competency_name}</span>
          {question.review_competency_name && (
            <span>
              {t('question.reviewedAs', {
                name: question.review_competency_name,
              })}
            </span>
          )}
          <span>
            {question.answer_type === 'video'
              ? t('question.timing', {
                  thinking: question.thinking_time,
                  limit: question.time_limit,
                })
              : question.answer_type === 'text'
                ? t('question.answeredByText', {
                    limit:
                      question.max_characters ?? MAX_TEXT_ANSWER_CHARACTERS,
                  })
                : t('question.answeredByChoice', {
                    count: question.options.length,
                  })}
          </span>
        </p>
        <div className="flex flex-wrap items-center gap-2">
          {question.media === 'tts' ? (
            <QuestionAudioButton
              key={question.text}
              url={question.url}
              text={question.text}
            />
          ) : question.video?.url ? (
            <video
              className="aspect-[4/3] w-48 rounded-md bg-black"
              src={question.video.url}
              poster={question.video.thumbnail ?? undefined}
              preload="none"
              controls
              aria-label={t('question.videoOf', { number: index + 1 })}
            />
          ) : (
            <span className="inline-flex items-center gap-1.5 rounded-md bg-slate-100 px-2 py-1 text-xs text-slate-700">
              <Video className="size-3.5" aria-hidden />
              {t('question.mediaOption.video')}
            </span>
          )}
        </div>
        {question.media === 'video' && (
          <QuestionCaptions question={question} number={index + 1} />
        )}
        {question.speech_status === 'failed' && (
          <p className="flex gap-2 rounded-md bg-warning-soft p-2 text-xs text-amber-900">
            <AlertTriangle className="mt-px size-3.5 shrink-0" aria-hidden />
            {t('question.speechFailed')}
          </p>
        )}
      </div>
      <div className="flex shrink-0 flex-col gap-1 sm:flex-row sm:items-start">
        {!locked && (
          <>
            <Button
              variant="ghost"
              size="sm"
              aria-label={t('reorder.up', { number: index + 1 })}
              disabled={index === 0}
              onClick={() => onMove(index - 1)}
            >
              <ArrowUp className="size-4" aria-hidden />
            </Button>
            <Button
              variant="ghost"
              size="sm"
              aria-label={t('reorder.down', { number: index + 1 })}
              disabled={index === count - 1}
              onClick={() => onMove(index + 1)}
            >
              <ArrowDown className="size-4" aria-hidden />
            </Button>
          </>
        )}
        <Button
          variant="ghost"
          size="sm"
          aria-label={t('question.edit', { number: index + 1 })}
          onClick={onEdit}
        >
          <Pencil className="size-4" aria-hidden />
        </Button>
        {!locked && (
          <Button
            variant="ghost"
            size="sm"
            aria-label={t('question.delete', { number: index + 1 })}
            onClick={onDelete}
          >
            <Trash2 className="size-4 text-danger" aria-hidden />
          </Button>
        )}
      </div>
    </li>
  );
}

/**
 * A video question's captions: a warning while it has none (candidates who cannot hear it could
 * not follow it; publishing stays possible), and the editor.
 */
function QuestionCaptions({
  question,
  number,
}: {
  question: Question;
  number: number;
}) {
  const { t } = useTranslation('create');
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-wrap items-center gap-2">
      {!question.has_captions && (
        <p className="flex gap-2 rounded-md bg-warning-soft p-2 text-xs text-amber-900">
          <AlertTriangle className="mt-px size-3.5 shrink-0" aria-hidden />
          {t('captions.missing')}
        </p>
      )}
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        <Captions className="size-4" aria-hidden />
        {question.has_captions
          ? t('captions.edit', { number })
          : t('captions.addFirst', { number })}
      </Button>
      <CaptionsEditor
        open={open}
        onOpenChange={setOpen}
        jobId={question.job}
        questionUrl={question.url}
        questionNumber={number}
      />
    </div>
  );
}
