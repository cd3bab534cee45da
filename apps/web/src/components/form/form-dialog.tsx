import { type ReactNode, useId } from 'react';
import { Button, Modal, type ModalSize } from '@/components/ui';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  size?: ModalSize;
  /** While saving, the dialog stays open and Cancelar is off. */
  isSaving: boolean;
  submitLabel: string;
  submitDisabled?: boolean;
  /** Replaces Cancelar and the submit button (a step after the form, say). */
  footer?: ReactNode;
  closeOnOverlayClick?: boolean;
  /** The form, given the id the footer's submit button targets; rendered only while open. */
  children: (formId: string) => ReactNode;
}

/** A modal around one form: Cancelar and the submit button in its footer, locked while saving. */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  size = 'lg',
  isSaving,
  submitLabel,
  submitDisabled,
  footer,
  closeOnOverlayClick,
  children,
}: Props) {
  const formId = useId();
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!isSaving) onOpenChange(next);
      }}
      size={size}
      title={title}
      description={description}
      closeOnOverlayClick={closeOnOverlayClick}
      footer={
        footer ?? (
          <>
            <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={isSaving}>
              Cancelar
            </Button>
            <Button type="submit" form={formId} isLoading={isSaving} disabled={submitDisabled}>
              {submitLabel}
            </Button>
          </>
        )
      }
    >
      {open ? children(formId) : null}
    </Modal>
  );
}
