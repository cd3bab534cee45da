import { Pencil, Plus, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button, Card, CardHeader, Skeleton, useConfirm } from '@/components/ui';

interface EditableListCardProps<T extends { id: string }> {
  title: string;
  description: ReactNode;
  items: T[] | undefined;
  isPending: boolean;
  /** Shown when the list is empty and no new item is being written. */
  emptyText?: string;
  /** The inline form for a new item (`item` undefined) or the one being edited; `onDone` closes it. */
  renderForm: (item: T | undefined, onDone: () => void) => ReactNode;
  /** A row's content, before its edit and delete buttons. */
  renderItem: (item: T) => ReactNode;
  /** How the buttons name the item: `Editar ${name}`, `Excluir ${name}`. */
  itemName: (item: T) => string;
  deleteQuestion: (item: T) => string;
  /** Runs once the deletion is confirmed. */
  onDelete: (item: T) => void;
  rowTestId: string;
  rowAlign: 'start' | 'center';
}

/** A card listing items, each edited in place, with "Nova" on top and a confirmed delete per row. */
export function EditableListCard<T extends { id: string }>({
  title,
  description,
  items,
  isPending,
  emptyText,
  renderForm,
  renderItem,
  itemName,
  deleteQuestion,
  onDelete,
  rowTestId,
  rowAlign,
}: EditableListCardProps<T>) {
  const confirm = useConfirm();
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const close = () => setEditing(null);
  return (
    <Card>
      <CardHeader
        title={title}
        description={description}
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" className="size-4" />
            Nova
          </Button>
        }
      />
      <div className="mt-4 border-slate-200 border-t dark:border-slate-800">
        {editing === 'new' && renderForm(undefined, close)}
        {isPending && <Skeleton className="m-5 h-10" />}
        {emptyText && items?.length === 0 && editing !== 'new' && (
          <p className="px-5 py-6 text-center text-slate-500 text-sm dark:text-slate-400">{emptyText}</p>
        )}
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {items?.map((item) =>
            editing !== 'new' && editing?.id === item.id ? (
              <li key={item.id}>{renderForm(item, close)}</li>
            ) : (
              <li
                key={item.id}
                data-testid={rowTestId}
                className={`flex ${rowAlign === 'start' ? 'items-start' : 'items-center'} gap-3 px-5 py-3`}
              >
                {renderItem(item)}
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Editar ${itemName(item)}`}
                  onClick={() => setEditing(item)}
                >
                  <Pencil aria-hidden="true" className="size-4" />
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  className="text-red-600 dark:text-red-400"
                  aria-label={`Excluir ${itemName(item)}`}
                  onClick={async () => {
                    const ok = await confirm({
                      variant: 'error',
                      message: deleteQuestion(item),
                      confirmLabel: 'Excluir',
                    });
                    if (ok) onDelete(item);
                  }}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </li>
            ),
          )}
        </ul>
      </div>
    </Card>
  );
}
