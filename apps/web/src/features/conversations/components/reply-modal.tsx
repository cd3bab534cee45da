import type { Message } from '@atende/contracts';
import { LIMITS } from '@atende/contracts';
import { useEffect, useState } from 'react';
import { Button, Modal } from '@/components/ui';
import { useSendMessage } from '../api/send-message';
import { notify } from '../hooks/use-notify';
import { quotedText, senderLabel } from '../lib/message-text';

interface Props {
  conversationId: string | null;
  /** The quoted message; null when it can no longer be found. */
  original: Message | null;
  open: boolean;
  onClose: () => void;
  onSent: () => void;
}

/** 'Responder Mensagem': a reply (non-empty after trimming) quoting the original. */
export function ReplyModal({ conversationId, original, open, onClose, onSent }: Props) {
  const [text, setText] = useState('');
  const send = useSendMessage();
  useEffect(() => {
    if (open) setText('');
  }, [open]);

  const submit = () => {
    const trimmed = text.trim();
    if (!trimmed || !conversationId) return;
    if (!original) {
      notify.error('Mensagem original não encontrada');
      return;
    }
    send.mutate(
      { conversationId, message: trimmed, replyTo: original.id },
      {
        onSuccess: () => {
          onSent();
          onClose();
        },
        onError: () => notify.error('Erro ao responder mensagem'),
      },
    );
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="Responder Mensagem"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={submit} disabled={!text.trim()} isLoading={send.isPending}>
            Responder
          </Button>
        </>
      }
    >
      {original && (
        <blockquote className="mb-3 rounded-md border-indigo-400 border-l-2 bg-slate-50 px-3 py-2 text-xs dark:bg-slate-800/60">
          <div className="font-semibold text-slate-700 dark:text-slate-200">{senderLabel(original)}</div>
          <div className="line-clamp-4 whitespace-pre-wrap break-words text-slate-600 dark:text-slate-300">
            {quotedText(original.content)}
          </div>
        </blockquote>
      )}
      <label className="flex flex-col gap-1.5">
        <span className="font-medium text-slate-700 dark:text-slate-200">Sua resposta</span>
        <textarea
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={LIMITS.composerMaxChars}
          rows={4}
          // biome-ignore lint/a11y/noAutofocus: the modal exists to type this reply
          autoFocus
          className="w-full resize-none rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 text-sm focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
        />
      </label>
    </Modal>
  );
}
