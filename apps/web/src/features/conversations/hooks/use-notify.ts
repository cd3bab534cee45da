import { toast } from '@/components/ui';

/**
 * Spec §8 calls these "alerts". We show them as error toasts (non-blocking, same exact text as the
 * title), which the spec's toast system supports; a blocking window.alert would freeze the live inbox.
 */
export const notify = {
  error: (text: string) => toast.error(text),
  info: (text: string) => toast.info(text),
  success: (text: string) => toast.success(text),
};

export function errorReason(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Erro desconhecido';
}
