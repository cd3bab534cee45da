import { ASSIGN_CAPACITY_MAX } from '@atende/contracts';
import { NumberField, ToggleField } from '@/components/form/fields';

/**
 * Automatic assignment: a conversation handed to the team goes, in turn, to a member of this inbox who
 * is online and holds fewer open conversations than the capacity; otherwise it waits in "Não
 * atribuídas" until someone is free.
 */
export function InboxAssignmentFields({
  autoAssign,
  capacity,
  error,
  onAutoAssignChange,
  onCapacityChange,
}: {
  autoAssign: boolean;
  capacity: number;
  error?: string | undefined;
  onAutoAssignChange: (on: boolean) => void;
  onCapacityChange: (capacity: number) => void;
}) {
  return (
    <div className="space-y-3">
      <ToggleField
        label="Atribuição automática"
        description="Quem está online e tem espaço recebe, em rodízio, as conversas passadas para a equipe. Sem ninguém livre, elas esperam em Não atribuídas."
        checked={autoAssign}
        onChange={onAutoAssignChange}
      />
      {autoAssign && (
        <div className="max-w-xs">
          <NumberField
            label="Conversas abertas por pessoa"
            hint={`Quem chega a esse número não recebe novas. De 1 a ${ASSIGN_CAPACITY_MAX}.`}
            min={1}
            max={ASSIGN_CAPACITY_MAX}
            step={1}
            value={capacity}
            onChange={onCapacityChange}
            error={error}
          />
        </div>
      )}
    </div>
  );
}
