import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { useConfirm } from '@/components/ui';

export const UNSAVED_MESSAGE = 'Você tem alterações não salvas na base de conhecimento. Sair sem salvar?';

/** Asks before leaving the page (in-app navigation or closing the tab) while there are unsaved edits. */
export function useUnsavedChangesGuard(dirty: boolean) {
  const confirm = useConfirm();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let active = true;
    void confirm({
      message: UNSAVED_MESSAGE,
      confirmLabel: 'Sair sem salvar',
      cancelLabel: 'Continuar editando',
    }).then((leave) => {
      if (!active) return;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
    return () => {
      active = false;
    };
  }, [blocker, confirm]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}
