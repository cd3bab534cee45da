import { toast } from '@/components/ui';

/**
 * Failures the operator must read (a send, a file, a microphone), as error toasts with the text as
 * the title: non-blocking, where a window.alert would freeze the live inbox.
 */
export const notify = {
  error: (text: string) => toast.error(text),
  info: (text: string) => toast.info(text),
  success: (text: string) => toast.success(text),
};

export function errorReason(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Erro desconhecido';
}
